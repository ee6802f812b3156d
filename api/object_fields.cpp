// field_text and object_labels (object_fields.h).
#include "api/object_fields.h"

namespace ferry::api {
namespace {

const nlohmann::json* metadata_of(const nlohmann::json& object) {
  if (!object.is_object()) return nullptr;
  const auto metadata = object.find("metadata");
  return metadata != object.end() && metadata->is_object() ? &*metadata : nullptr;
}

}  // namespace

std::string field_text(const nlohmann::json& object, const char* field) {
  const nlohmann::json* metadata = metadata_of(object);
  if (metadata == nullptr) return "";
  const auto value = metadata->find(field);
  return value != metadata->end() && value->is_string() ? value->get<std::string>() : "";
}

Labels object_labels(const nlohmann::json& object) {
  Labels labels;
  const nlohmann::json* metadata = metadata_of(object);
  if (metadata == nullptr || !metadata->contains("labels") || !(*metadata)["labels"].is_object())
    return labels;
  for (const auto& [key, value] : (*metadata)["labels"].items()) {
    if (value.is_string()) labels.emplace(key, value.get<std::string>());
  }
  return labels;
}

}  // namespace ferry::api
