// create_platform_request and delete_platform_request (platform_request_writes.h).
#include "api/platform_request_writes.h"

#include <algorithm>

#include "api/json_body.h"
#include "api/object_fields.h"
#include "api/status_body.h"

namespace ferry::api {
namespace {

std::string dumped(const nlohmann::json& json) {
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool named(const nlohmann::json& object, const std::string& namespace_name, const std::string& name) {
  return field_text(object, "name") == name && field_text(object, "namespace") == namespace_name;
}

// "Postgresql.marketplace.kratix.io": how the API server names a custom resource's kind in a 422.
std::string qualified_kind(const ServedKind& kind) {
  return kind.kind + "." + kind.group;
}

// The body as the object to create: apiVersion, kind and namespace filled in or checked against the URL, its
// status dropped (the status subresource is written on its own); an error response otherwise.
std::variant<nlohmann::json, HttpResponse> object_to_create(const std::string& body,
                                                            const ResourceAttributes& attributes,
                                                            const ServedKind& kind) {
  std::string why;
  auto parsed = parse_json_body(body, why);
  if (!parsed) return bad_request(why);
  if (!parsed->is_object()) return bad_request("the body must be a JSON object");
  nlohmann::json object = std::move(*parsed);
  const std::string api_version = kind.group + "/" + kind.version;
  if (object.contains("apiVersion") && object["apiVersion"] != api_version) {
    return bad_request("the API version in the data (" + dumped(object["apiVersion"]) +
                       ") does not match the expected API version (" + api_version + ")");
  }
  if (object.contains("kind") && object["kind"] != kind.kind) {
    return bad_request("the kind in the data (" + dumped(object["kind"]) +
                       ") does not match the expected kind (" + kind.kind + ")");
  }
  if (!object.contains("metadata")) object["metadata"] = nlohmann::json::object();
  if (!object["metadata"].is_object()) return bad_request("metadata must be an object");
  const std::string namespace_name = field_text(object, "namespace");
  if (!namespace_name.empty() && namespace_name != attributes.namespace_name) {
    return bad_request(
        "the namespace of the provided object does not match the namespace sent on the request");
  }
  object["apiVersion"] = api_version;
  object["kind"] = kind.kind;
  object["metadata"]["namespace"] = attributes.namespace_name;
  object.erase("status");
  return object;
}

// How many names a create with generateName tries before it answers 409, as the API server retries a
// generated name that exists (RetryGenerateName: eight attempts in all).
constexpr int kGeneratedNameAttempts = 8;

bool exists(const std::vector<nlohmann::json>& existing, const std::string& namespace_name,
            const std::string& name) {
  return std::any_of(existing.begin(), existing.end(),
                     [&](const nlohmann::json& o) { return named(o, namespace_name, name); });
}

// The object's name: metadata.name, else one made from metadata.generateName that no object of `existing`
// in the namespace has (the last one tried when every attempt was taken); "" when neither is given.
std::string name_to_create(const nlohmann::json& object, const std::string& namespace_name,
                           const std::vector<nlohmann::json>& existing, const NameSuffix& suffix) {
  const std::string name = field_text(object, "name");
  const nlohmann::json& metadata = object.at("metadata");  // an object: object_to_create made sure
  const auto generate = metadata.find("generateName");
  if (!name.empty() || generate == metadata.end() || !generate->is_string() ||
      generate->get<std::string>().empty())
    return name;
  std::string generated;
  for (int attempt = 0; attempt < kGeneratedNameAttempts; ++attempt) {
    generated = generated_name(generate->get<std::string>(), suffix());
    if (!exists(existing, namespace_name, generated)) break;
  }
  return generated;
}

}  // namespace

HttpResponse create_platform_request(const ResourceAttributes& attributes, const std::string& body,
                                     const ServedKind& kind, PipelineView& view,
                                     const std::vector<nlohmann::json>& existing) {
  auto read = object_to_create(body, attributes, kind);
  if (auto* response = std::get_if<HttpResponse>(&read)) return *response;
  nlohmann::json& object = std::get<nlohmann::json>(read);
  const std::string name = name_to_create(object, attributes.namespace_name, existing, view.name_suffix);
  const StatusSubject subject{kind.group, kind.plural, name};
  if (name.empty()) {
    return invalid(subject, qualified_kind(kind),
                   "metadata.name: Required value: name or generateName is required");
  }
  if (exists(existing, attributes.namespace_name, name)) return already_exists(subject);
  object["metadata"]["name"] = name;
  auto created = view.objects->create_request(kind, object);
  if (!created) return invalid(subject, qualified_kind(kind), created.error().message);
  return json_response(dumped(*created), 201);
}

HttpResponse delete_platform_request(const ResourceAttributes& attributes, const ServedKind& kind,
                                     PipelineView& view, const std::vector<nlohmann::json>& existing) {
  const StatusSubject subject{kind.group, kind.plural, attributes.name};
  if (std::none_of(existing.begin(), existing.end(), [&](const nlohmann::json& o) {
        return named(o, attributes.namespace_name, attributes.name);
      })) {
    return not_found(subject);
  }
  if (Status deleted = view.objects->delete_request(kind, attributes.namespace_name, attributes.name);
      !deleted) {
    return status_response(405, "MethodNotAllowed", deleted.error().message, subject);
  }
  const nlohmann::json success = {
      {"kind", "Status"},
      {"apiVersion", "v1"},
      {"metadata", nlohmann::json::object()},
      {"status", "Success"},
      {"details", {{"name", attributes.name}, {"group", kind.group}, {"kind", kind.plural}}}};
  return json_response(dumped(success));
}

}  // namespace ferry::api
