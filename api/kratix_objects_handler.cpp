// serve_kratix_objects (kratix_objects_handler.h).
#include "api/kratix_objects_handler.h"

#include <algorithm>

#include "api/json_body.h"
#include "api/merge_patch.h"
#include "api/object_fields.h"
#include "api/platform_request_writes.h"
#include "api/selector_query.h"
#include "api/status_body.h"

namespace ferry::api {
namespace {

struct KindCall {
  const ResourceRequest& request;
  const HttpRequest& http;
  const RequestTarget& target;
  const ServedKind& kind;
  PipelineView& view;

  StatusSubject subject() const { return {kind.group, kind.plural, request.attributes.name}; }
  // The objects of this kind the pipeline sees: the platform's, with the processed object as it is now (its
  // status written so far) in place of the platform's copy, and its Promise added when the platform lacks it.
  std::vector<nlohmann::json> objects() const {
    std::vector<nlohmann::json> all;
    if (view.platform != nullptr) all = view.platform->objects_of(kind);
    if (same_kind(kind, view.object_kind)) {
      put(all, view.objects->object(), true);
    } else if (same_kind(kind, promise_kind())) {
      put(all, view.objects->promise(), false);
    }
    return all;
  }
  static void put(std::vector<nlohmann::json>& all, nlohmann::json object, bool replace) {
    const auto same = [&](const nlohmann::json& o) {
      return field_text(o, "name") == field_text(object, "name") &&
             field_text(o, "namespace") == field_text(object, "namespace");
    };
    const auto found = std::find_if(all.begin(), all.end(), same);
    if (found == all.end()) {
      all.push_back(std::move(object));
    } else if (replace) {
      *found = std::move(object);
    }
  }
  bool in_scope(const nlohmann::json& object) const {
    const std::string& namespace_name = request.attributes.namespace_name;
    return namespace_name.empty() || field_text(object, "namespace") == namespace_name;
  }
};

std::string dumped_object(const nlohmann::json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

HttpResponse get_named(const KindCall& call) {
  for (const nlohmann::json& object : call.objects()) {
    if (field_text(object, "name") == call.request.attributes.name && call.in_scope(object)) {
      return json_response(dumped_object(object));
    }
  }
  return not_found(call.subject());
}

HttpResponse list_kind(const KindCall& call) {
  const auto label_selector = call.target.query.find("labelSelector");
  auto selector =
      parse_selector_query(label_selector == call.target.query.end() ? "" : label_selector->second);
  if (!selector) return bad_request(selector.error().message);
  nlohmann::json items = nlohmann::json::array();
  for (const nlohmann::json& object : call.objects()) {
    if (call.in_scope(object) && matches(*selector, object_labels(object))) items.push_back(object);
  }
  const nlohmann::json list = {{"apiVersion", call.kind.group + "/" + call.kind.version},
                               {"kind", call.kind.kind + "List"},
                               {"metadata", {{"resourceVersion", ""}}},
                               {"items", items}};
  return json_response(dumped_object(list));
}

// The processed object, when the request names it; an error response otherwise.
std::optional<HttpResponse> refuse_other_object(const KindCall& call) {
  const nlohmann::json object = call.view.objects->object();
  if (!same_kind(call.kind, call.view.object_kind)) {
    return status_response(
        405, "MethodNotAllowed",
        "ferry's platform API writes only the status of the object this pipeline processes", call.subject());
  }
  if (field_text(object, "name") != call.request.attributes.name || !call.in_scope(object)) {
    return not_found(call.subject());
  }
  return std::nullopt;
}

HttpResponse status_written(const KindCall& call, const Result<nlohmann::json>& written) {
  if (!written) {
    return status_response(422, "Invalid",
                           qualified_resource(call.subject()) + " \"" + call.request.attributes.name +
                               "\" is invalid: status: " + written.error().message,
                           call.subject());
  }
  return json_response(dumped_object(*written));
}

std::variant<nlohmann::json, HttpResponse> parsed_body(const KindCall& call) {
  std::string why;
  auto body = parse_json_body(call.http.body, why);
  if (!body) return bad_request(why);
  if (!body->is_object()) return bad_request("the body must be a JSON object");
  return std::move(*body);
}

HttpResponse patch_status(const KindCall& call) {
  if (auto refused = refuse_other_object(call)) return *refused;
  const auto type = patch_type(call.http.content_type);
  if (type != PatchType::merge) return unsupported_media_type(call.http.content_type);
  auto body = parsed_body(call);
  if (auto* response = std::get_if<HttpResponse>(&body)) return *response;
  const nlohmann::json& patch = std::get<nlohmann::json>(body);
  const auto status = patch.find("status");
  if (status == patch.end())
    return json_response(dumped_object(call.view.objects->object()));  // nothing of the status
  if (status->is_null())
    return status_written(call, call.view.objects->replace_status(nlohmann::json::object()));
  if (!status->is_object()) return status_written(call, make_error("must be a map"));
  return status_written(call, call.view.objects->merge_status(status->dump()));
}

HttpResponse update_status(const KindCall& call) {
  if (auto refused = refuse_other_object(call)) return *refused;
  auto body = parsed_body(call);
  if (auto* response = std::get_if<HttpResponse>(&body)) return *response;
  const nlohmann::json& object = std::get<nlohmann::json>(body);
  const std::string name = field_text(object, "name");
  if (!name.empty() && name != call.request.attributes.name) {
    return bad_request("the name of the object (" + name + ") does not match the name on the URL (" +
                       call.request.attributes.name + ")");
  }
  const auto status = object.find("status");
  if (status != object.end() && !status->is_null() && !status->is_object()) {
    return status_written(call, make_error("must be a map"));
  }
  const bool absent = status == object.end() || status->is_null();
  return status_written(call, call.view.objects->replace_status(absent ? nlohmann::json::object() : *status));
}

}  // namespace

HttpResponse serve_kratix_objects(const ResourceRequest& request, const HttpRequest& http,
                                  const RequestTarget& target, const ServedKind& kind, PipelineView& view) {
  const KindCall call{request, http, target, kind, view};
  const std::string& verb = request.attributes.verb;
  const std::string& subresource = request.attributes.subresource;
  if (subresource.empty() && verb == "get") return get_named(call);
  if (subresource.empty() && verb == "list") return list_kind(call);
  const bool request_kind = !same_kind(kind, promise_kind());
  if (subresource.empty() && verb == "create" && request_kind)
    return create_platform_request(request.attributes, http.body, kind, view, call.objects());
  if (subresource.empty() && verb == "delete" && request_kind)
    return delete_platform_request(request.attributes, kind, view, call.objects());
  if (subresource == "status" && verb == "get") return get_named(call);
  if (subresource == "status" && verb == "patch") return patch_status(call);
  if (subresource == "status" && verb == "update") return update_status(call);
  if (!subresource.empty() && subresource != "status") return no_such_path();
  return method_not_allowed();
}

}  // namespace ferry::api
