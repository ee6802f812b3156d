// What an API request asks, read from its method and path as Kubernetes' RequestInfoFactory reads it:
// /api/v1/[namespaces/NS/]RESOURCE[/NAME[/SUBRESOURCE]] and the same under /apis/GROUP/VERSION. The verb
// comes from the method: GET is get with a name, list without (watch with ?watch=true or 1), POST create,
// PUT update, PATCH patch, DELETE delete with a name, deletecollection without.
#pragma once

#include <optional>
#include <string>

#include "api/http_exchange.h"
#include "api/permissions.h"

namespace ferry::api {

struct ResourceRequest {
  ResourceAttributes attributes;
  std::string version;  // "v1", "v1alpha1"
};

// nullopt when the path is no resource path (discovery, /openapi/v2, anything else) or the method is none
// of the five.
std::optional<ResourceRequest> resource_request(const std::string& method, const RequestTarget& target);

// The verb an audit line names, as Kubernetes' audit log does: the resource request's verb (get, list,
// patch, ...), else the method in lower case ("get" for discovery), "" for a target that does not parse.
std::string audit_verb(const std::string& method, const std::string& target);

}  // namespace ferry::api
