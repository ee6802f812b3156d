// The verbs on Secrets and ConfigMaps (/api/v1/[namespaces/NS/]secrets|configmaps[/NAME]), over their
// ObjectDirectory: get, list (labelSelector), create, update (PUT), patch (merge and strategic merge) and
// delete. watch and deletecollection are 405. Authorisation happened before (router.h).
#pragma once

#include <string>

#include "api/http_exchange.h"
#include "api/object_directory.h"
#include "api/request_info.h"

namespace ferry::api {

// `now` is the creationTimestamp of a created object (rfc3339.h).
HttpResponse serve_stored_objects(const ResourceRequest& request, const HttpRequest& http,
                                  const RequestTarget& target, const ObjectDirectory& directory,
                                  const std::string& now);

}  // namespace ferry::api
