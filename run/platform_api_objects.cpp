// LoadedPlatformObjects and served_kind_of (platform_api_objects.h).
#include "run/platform_api_objects.h"

#include <algorithm>
#include <cctype>

#include "platform/admitted_request.h"
#include "platform/object_text.h"

namespace ferry::runner {
namespace {

std::string metadata_field(const nlohmann::json& object, const char* field) {
  const auto metadata = object.find("metadata");
  if (metadata == object.end() || !metadata->is_object()) return "";
  const auto value = metadata->find(field);
  return value != metadata->end() && value->is_string() ? value->get<std::string>() : "";
}

// The request as the API serves it: JSON of its text, its namespace set.
nlohmann::json served_request_json(const std::string& object_yaml, const std::string& namespace_name) {
  nlohmann::json object = object_json(object_yaml);
  if (!object.is_object() || !object["metadata"].is_object()) return nullptr;  // the loader refused such
  object["metadata"]["namespace"] = namespace_name;
  return object;
}

}  // namespace

api::ServedKind served_kind_of(const pipeline::ApiRef& api) {
  std::string singular = api.kind;
  std::transform(singular.begin(), singular.end(), singular.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return api::ServedKind{api.group, api.version, api.kind, api.plural, singular, true};
}

std::vector<api::ServedKind> LoadedPlatformObjects::request_kinds() const {
  std::vector<api::ServedKind> kinds;
  for (const pipeline::Promise& promise : platform_.promises) {
    if (promise.api) kinds.push_back(served_kind_of(*promise.api));
  }
  return kinds;
}

const pipeline::Promise* LoadedPlatformObjects::promise_serving(const api::ServedKind& kind) const {
  for (const pipeline::Promise& promise : platform_.promises) {
    if (promise.api && api::same_kind(served_kind_of(*promise.api), kind)) return &promise;
  }
  return nullptr;
}

std::vector<nlohmann::json> LoadedPlatformObjects::converted(const api::ServedKind& kind) const {
  std::vector<nlohmann::json> objects;
  if (api::same_kind(kind, api::promise_kind())) {
    for (const pipeline::Promise& promise : platform_.promises)
      objects.push_back(object_json(promise.object_yaml));
    return objects;
  }
  const pipeline::Promise* promise = promise_serving(kind);
  for (const pipeline::Request& request : platform_.requests) {
    if (promise == nullptr || request.promise != promise->name) continue;
    nlohmann::json object = served_request_json(request.object_yaml, request.namespace_);
    if (!object.is_null()) objects.push_back(std::move(object));
  }
  return objects;
}

std::vector<nlohmann::json> LoadedPlatformObjects::objects_of(const api::ServedKind& kind) const {
  std::vector<nlohmann::json> objects;
  {
    const std::lock_guard lock(mutex_);
    auto [found, added] = by_kind_.try_emplace({kind.group, kind.plural});
    if (added) found->second = converted(kind);
    objects = found->second;
  }
  const pipeline::Promise* promise = promise_serving(kind);
  if (promise == nullptr) return objects;
  const auto directory = [&](const nlohmann::json& object) {
    return request_record_directory(promise->name, metadata_field(object, "namespace"),
                                    metadata_field(object, "name"));
  };
  std::erase_if(objects,
                [&](const nlohmann::json& object) { return ledger_.was_deleted(directory(object)); });
  const std::string prefix = "requests/" + promise->name + "/";  // of this Promise's requests' directories
  for (const ApiCreatedRequest& created : ledger_.created_requests()) {
    if (!created.directory.starts_with(prefix)) continue;
    nlohmann::json object = object_json(created.object_yaml);
    std::erase_if(objects, [&](const nlohmann::json& o) { return directory(o) == created.directory; });
    objects.push_back(std::move(object));
  }
  return objects;
}

Result<nlohmann::json> LoadedPlatformObjects::create(const api::ServedKind& kind, nlohmann::json object,
                                                     const std::string& creator) {
  const pipeline::Promise* promise = promise_serving(kind);
  if (promise == nullptr) return make_error("no Promise of the platform serves " + kind.kind);
  nlohmann::json& annotations = object["metadata"]["annotations"];
  if (annotations.is_null()) annotations = nlohmann::json::object();
  if (!annotations.is_object()) return make_error("metadata.annotations: must be a map");
  annotations[kCreatedByAnnotation] = creator;
  auto admitted = admitted_request(*promise, object.dump(), "the created " + kind.kind);
  if (!admitted) return admitted.error();
  ledger_.created({request_record_directory(promise->name, admitted->namespace_, admitted->name),
                   admitted->object_yaml, creator});
  return served_request_json(admitted->object_yaml, admitted->namespace_);
}

Status LoadedPlatformObjects::remove(const api::ServedKind& kind, const std::string& namespace_name,
                                     const std::string& name) {
  const pipeline::Promise* promise = promise_serving(kind);
  if (promise == nullptr) return make_error("no Promise of the platform serves " + kind.kind);
  for (const nlohmann::json& object : objects_of(kind)) {
    if (metadata_field(object, "name") != name || metadata_field(object, "namespace") != namespace_name)
      continue;
    if (api_creator_of(object).empty()) {
      return make_error("ferry deletes only requests created through the platform API; " + kind.plural + "." +
                        kind.group + " \"" + name + "\" is declared in the platform's files");
    }
    ledger_.deleted(request_record_directory(promise->name, namespace_name, name));
    return ok();
  }
  return make_error(kind.plural + "." + kind.group + " \"" + name + "\" not found");
}

}  // namespace ferry::runner
