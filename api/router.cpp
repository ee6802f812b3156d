// Router::handle (router.h).
#include "api/router.h"

#include "api/discovery.h"
#include "api/kratix_objects_handler.h"
#include "api/request_info.h"
#include "api/rfc3339.h"
#include "api/status_body.h"
#include "api/stored_objects_handler.h"

namespace ferry::api {
namespace {

bool writes(const std::string& verb) {
  return verb == "create" || verb == "update" || verb == "patch" || verb == "delete" ||
         verb == "deletecollection";
}

bool is_read(const std::string& method) {
  return method == "GET" || method == "HEAD";
}

// /openapi/v2 answers with an empty protobuf document: kubectl 1.20 fetches it before `apply` to validate
// and skips validation of a kind the document does not describe.
HttpResponse empty_openapi() {
  return HttpResponse{200, "application/com.github.proto-openapi.spec.v2.v1.0+protobuf", ""};
}

}  // namespace

Router::Router(PipelineView view, Clock clock)
    : view_(std::move(view)),
      clock_(std::move(clock)),
      permissions_(effective_permissions(view_)),
      kinds_(served_kinds(view_)),
      secrets_(StoredKind::secret, view_.secrets_dir, view_.access.namespace_name),
      config_maps_(StoredKind::config_map, view_.config_maps_dir, view_.access.namespace_name) {}

HttpResponse Router::handle(const HttpRequest& request) {
  auto target = parse_target(request.target);
  if (!target) return bad_request(target.error().message);
  if (is_read(request.method)) {
    if (auto document = discovery_response(target->segments, kinds_)) return *document;
    if (target->segments == std::vector<std::string>{"openapi", "v2"}) return empty_openapi();
  }
  const auto resource = resource_request(request.method, *target);
  if (!resource) return is_read(request.method) ? no_such_path() : method_not_allowed();
  const ResourceAttributes& attributes = resource->attributes;
  if (!allowed(permissions_, view_.access.namespace_name, attributes))
    return forbidden(view_.access, attributes);
  if (writes(attributes.verb) && target->query.contains("dryRun")) {
    return bad_request("ferry's platform API does not run server-side dry runs (dryRun=" +
                       target->query.at("dryRun") + "); use --dry-run=client");
  }
  if (attributes.group.empty() && resource->version == "v1") {
    const ObjectDirectory* directory = attributes.resource == "secrets"      ? &secrets_
                                       : attributes.resource == "configmaps" ? &config_maps_
                                                                             : nullptr;
    if (directory == nullptr) return no_such_path();
    if (attributes.namespace_name.empty() && attributes.verb != "list") return no_such_path();
    return serve_stored_objects(*resource, request, *target, *directory, rfc3339(clock_()));
  }
  for (const ServedKind& kind : kinds_) {
    if (kind.group != attributes.group || kind.version != resource->version ||
        kind.plural != attributes.resource)
      continue;
    if (!kind.namespaced && !attributes.namespace_name.empty()) return no_such_path();
    if (kind.namespaced && attributes.namespace_name.empty() && attributes.verb != "list")
      return no_such_path();
    return serve_kratix_objects(*resource, request, *target, kind, view_);
  }
  return no_such_path();
}

}  // namespace ferry::api
