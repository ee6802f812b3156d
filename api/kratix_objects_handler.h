// The verbs on the kinds served from the pipeline's view (pipeline_view.h): get and list of the request
// being processed (its kind's plural) and of its Promise (`promises`), and get, patch (JSON merge patch,
// as for every custom resource) and update of the processed object's `status` subresource, which the
// caller merges as /kratix/metadata/status.yaml, and of the platform's other Promises and their requests
// (pipeline_view.h's PlatformObjects): get and list, and create and delete of requests
// (platform_request_writes.h). Other verbs are 405. Authorisation happened before.
#pragma once

#include "api/http_exchange.h"
#include "api/pipeline_view.h"
#include "api/request_info.h"

namespace ferry::api {

HttpResponse serve_kratix_objects(const ResourceRequest& request, const HttpRequest& http,
                                  const RequestTarget& target, const ServedKind& kind, PipelineView& view);

}  // namespace ferry::api
