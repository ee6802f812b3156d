// A stored Secret or ConfigMap as Kubernetes JSON, and a client's JSON body back into one. A Secret's data
// is base64; a ConfigMap's values are `data` when they are UTF-8 and `binaryData` (base64) otherwise, as
// the API server keeps them. stringData (Secrets) is merged over data on the way in and never sent out.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

#include "api/stored_object.h"
#include "core/error.h"

namespace ferry::api {

nlohmann::ordered_json object_json(StoredKind kind, const StoredObject& object);

// Why a body is refused, with the HTTP code it gets: 400 for a body that is no object of the kind, 422 for
// an object that Kubernetes' validation refuses.
struct BodyError {
  int code = 400;
  std::string message;
};

// The object in `body` (a parsed JSON document), which must be a `kind` in `namespace_name`, named `name`
// when `name` is not empty (PUT and PATCH name it in the path; POST takes it from the body). Only
// metadata.name, namespace, labels, annotations, resourceVersion and creationTimestamp, `data`,
// `binaryData`, `stringData` and `type` are kept; other metadata is ignored, as the server drops it.
struct BodyObject {
  StoredObject object;
  std::string resource_version;  // metadata.resourceVersion, "" when absent
};
std::variant<BodyObject, BodyError> object_from_json(StoredKind kind, const nlohmann::json& body,
                                                     const std::string& namespace_name,
                                                     const std::string& name);

}  // namespace ferry::api
