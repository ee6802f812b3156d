// Requests of the platform's Promises created and deleted through the API (docs/platform-api.md), as a
// pipeline that uses a Kubernetes client to ask for another Promise's request does (the marketplace's
// namespace-claim). The router authorised the call and found the kind; these check the body as the API
// server checks a custom resource (400, 409, 422 with the Promise schema's message) and hand the write to
// the caller's PipelineObjects, which runs the request later in the same run.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "api/http_exchange.h"
#include "api/pipeline_view.h"
#include "api/request_info.h"

namespace ferry::api {

// POST of a request of `kind` in the URL's namespace; `existing`: the objects of that kind the pipeline sees.
// Without metadata.name, a name is made from metadata.generateName (generated_name.h, view.name_suffix).
HttpResponse create_platform_request(const ResourceAttributes& attributes, const std::string& body,
                                     const ServedKind& kind, PipelineView& view,
                                     const std::vector<nlohmann::json>& existing);

// DELETE of the request `attributes` name: 404 when it is not among `existing`, 405 when the caller refuses
// (a request declared in the platform's files), else Kubernetes' Status of Success.
HttpResponse delete_platform_request(const ResourceAttributes& attributes, const ServedKind& kind,
                                     PipelineView& view, const std::vector<nlohmann::json>& existing);

}  // namespace ferry::api
