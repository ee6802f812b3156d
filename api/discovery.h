// The API server's version and discovery documents, as kubectl 1.20 and the Python client read them:
// /version, /api (APIVersions), /api/v1 and /apis/GROUP/VERSION (APIResourceList), /apis (APIGroupList),
// /apis/GROUP (APIGroup). Only what ferry serves is listed: secrets and configmaps in v1, Promise and the
// request's kind (with their status subresources) under /apis.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/http_exchange.h"
#include "api/pipeline_view.h"

namespace ferry::api {

// The Kubernetes version ferry's API answers as: 1.20, the oldest client the tests run.
inline constexpr const char* kServedKubernetesVersion = "v1.20.0";

// The document at `segments` (parse_target's), or nullopt when the path is no discovery path.
std::optional<HttpResponse> discovery_response(const std::vector<std::string>& segments,
                                               const std::vector<ServedKind>& kinds);

}  // namespace ferry::api
