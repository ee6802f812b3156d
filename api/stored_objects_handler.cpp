// serve_stored_objects (stored_objects_handler.h): one function per verb, dispatched from a table.
#include "api/stored_objects_handler.h"

#include <functional>
#include <map>

#include "api/field_selector.h"
#include "api/json_body.h"
#include "api/merge_patch.h"
#include "api/object_json.h"
#include "api/secret_masking.h"
#include "api/selector_query.h"
#include "api/status_body.h"

namespace ferry::api {
namespace {

struct VerbCall {
  const ResourceRequest& request;
  const HttpRequest& http;
  const RequestTarget& target;
  const ObjectDirectory& directory;
  const std::string& now;

  StatusSubject subject() const { return {"", request.attributes.resource, request.attributes.name}; }
  const std::string& namespace_name() const { return request.attributes.namespace_name; }
};

std::string dumped_json(const nlohmann::ordered_json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// The object's JSON as the API sends it; a Secret's values are remembered first, so that whatever the
// pipeline prints of them is masked (secret_masking.h).
nlohmann::ordered_json served_json(StoredKind kind, const StoredObject& object) {
  remember_secret_data(kind, object);
  return object_json(kind, object);
}

HttpResponse unwritable(const VerbCall& call) {
  const bool secret = call.directory.kind() == StoredKind::secret;
  return status_response(405, "MethodNotAllowed",
                         std::string("ferry keeps no ") + resource_name(call.directory.kind()) +
                             " to write: start it with " + (secret ? "--secrets-dir" : "--config-maps-dir") +
                             " DIR");
}

HttpResponse body_error(const BodyError& error, const StatusSubject& subject) {
  if (error.code == 422) return status_response(422, "Invalid", error.message, subject);
  return bad_request(error.message);
}

HttpResponse get_object(const VerbCall& call) {
  auto object = call.directory.read(call.namespace_name(), call.request.attributes.name);
  if (!object) return internal_error(object.error().message);
  if (!object->has_value()) return not_found(call.subject());
  return json_response(dumped_json(served_json(call.directory.kind(), **object)));
}

HttpResponse list_objects(const VerbCall& call) {
  const auto field_query = call.target.query.find("fieldSelector");
  auto fields = parse_field_selector(field_query == call.target.query.end() ? "" : field_query->second);
  if (!fields) return bad_request(fields.error().message);
  const auto label_selector = call.target.query.find("labelSelector");
  auto selector =
      parse_selector_query(label_selector == call.target.query.end() ? "" : label_selector->second);
  if (!selector) return bad_request(selector.error().message);
  auto objects = call.directory.list(call.namespace_name());
  if (!objects) return internal_error(objects.error().message);
  nlohmann::ordered_json items = nlohmann::ordered_json::array();
  for (const StoredObject& object : *objects) {
    if (matches(*selector, object.labels) && matches(*fields, object))
      items.push_back(served_json(call.directory.kind(), object));
  }
  const nlohmann::ordered_json list = {{"kind", std::string(kind_name(call.directory.kind())) + "List"},
                                       {"apiVersion", "v1"},
                                       {"metadata", {{"resourceVersion", ""}}},
                                       {"items", items}};
  return json_response(dumped_json(list));
}

// The body's object for create and update; an error response otherwise.
std::variant<BodyObject, HttpResponse> body_object(const VerbCall& call, const std::string& name) {
  std::string why;
  const auto body = parse_json_body(call.http.body, why);
  if (!body) return bad_request(why);
  auto read = object_from_json(call.directory.kind(), *body, call.namespace_name(), name);
  if (auto* error = std::get_if<BodyError>(&read)) return body_error(*error, call.subject());
  return std::get<BodyObject>(std::move(read));
}

// Stores `object` and answers with it. Its Secret values are remembered first: a pipeline that creates a
// Secret may print the value it made, and a failed write does not make that value any less secret.
HttpResponse written(const VerbCall& call, const StoredObject& object, int code) {
  remember_secret_data(call.directory.kind(), object);
  if (Status stored = call.directory.write(object); !stored) return internal_error(stored.error().message);
  return json_response(dumped_json(object_json(call.directory.kind(), object)), code);
}

HttpResponse create_object(const VerbCall& call) {
  auto read = body_object(call, "");
  if (auto* response = std::get_if<HttpResponse>(&read)) return *response;
  StoredObject& object = std::get<BodyObject>(read).object;
  auto existing = call.directory.read(object.namespace_name, object.name);
  if (!existing) return internal_error(existing.error().message);
  if (existing->has_value()) return already_exists({"", call.request.attributes.resource, object.name});
  object.creation_timestamp = call.now;
  return written(call, object, 201);
}

// The current object of an update or patch; an error response when it cannot be read or is missing.
std::variant<StoredObject, HttpResponse> current_object(const VerbCall& call) {
  auto current = call.directory.read(call.namespace_name(), call.request.attributes.name);
  if (!current) return internal_error(current.error().message);
  if (!current->has_value()) return not_found(call.subject());
  return std::move(**current);
}

// Stores `replacement` over `current` unless the client's resourceVersion says it read another version.
HttpResponse replace_object(const VerbCall& call, const StoredObject& current, BodyObject replacement) {
  if (!replacement.resource_version.empty() && replacement.resource_version != resource_version(current)) {
    return conflict(call.subject());
  }
  replacement.object.creation_timestamp = current.creation_timestamp;
  return written(call, replacement.object, 200);
}

HttpResponse update_object(const VerbCall& call) {
  auto read = body_object(call, call.request.attributes.name);
  if (auto* response = std::get_if<HttpResponse>(&read)) return *response;
  auto current = current_object(call);
  if (auto* response = std::get_if<HttpResponse>(&current)) return *response;
  return replace_object(call, std::get<StoredObject>(current), std::get<BodyObject>(std::move(read)));
}

HttpResponse patch_object(const VerbCall& call) {
  if (!patch_type(call.http.content_type)) return unsupported_media_type(call.http.content_type);
  std::string why;
  const auto patch = parse_json_body(call.http.body, why);
  if (!patch) return bad_request(why);
  if (const std::string directive = strategic_directive(*patch); !directive.empty()) {
    return bad_request(
        "ferry merges patches of Secrets and ConfigMaps as JSON merge patches; the strategic merge "
        "directive " +
        directive + " is not supported");
  }
  auto current = current_object(call);
  if (auto* response = std::get_if<HttpResponse>(&current)) return *response;
  const StoredObject& object = std::get<StoredObject>(current);
  const nlohmann::json patched =
      merge_patched(nlohmann::json(object_json(call.directory.kind(), object)), *patch);
  auto read =
      object_from_json(call.directory.kind(), patched, call.namespace_name(), call.request.attributes.name);
  if (auto* error = std::get_if<BodyError>(&read)) return body_error(*error, call.subject());
  return replace_object(call, object, std::get<BodyObject>(std::move(read)));
}

HttpResponse delete_object(const VerbCall& call) {
  auto removed = call.directory.remove(call.namespace_name(), call.request.attributes.name);
  if (!removed) return internal_error(removed.error().message);
  if (!*removed) return not_found(call.subject());
  const nlohmann::ordered_json success = {
      {"kind", "Status"},
      {"apiVersion", "v1"},
      {"metadata", nlohmann::ordered_json::object()},
      {"status", "Success"},
      {"details", {{"name", call.request.attributes.name}, {"kind", call.request.attributes.resource}}}};
  return json_response(dumped_json(success));
}

}  // namespace

HttpResponse serve_stored_objects(const ResourceRequest& request, const HttpRequest& http,
                                  const RequestTarget& target, const ObjectDirectory& directory,
                                  const std::string& now) {
  using Handler = HttpResponse (*)(const VerbCall&);
  static const std::map<std::string, std::pair<Handler, bool>> kVerbs = {
      // verb -> {handler, writes}
      {"get", {get_object, false}},      {"list", {list_objects, false}}, {"create", {create_object, true}},
      {"update", {update_object, true}}, {"patch", {patch_object, true}}, {"delete", {delete_object, true}}};
  if (!request.attributes.subresource.empty()) return no_such_path();
  const auto verb = kVerbs.find(request.attributes.verb);
  if (verb == kVerbs.end()) return method_not_allowed();
  const VerbCall call{request, http, target, directory, now};
  if (verb->second.second && !directory.configured()) return unwritable(call);
  return verb->second.first(call);
}

}  // namespace ferry::api
