// RFC 7386's MergePatch algorithm and the patch types of merge_patch.h.
#include "api/merge_patch.h"

namespace ferry::api {

std::optional<PatchType> patch_type(const std::string& content_type) {
  const std::string media = content_type.substr(0, content_type.find(';'));
  if (media == "application/merge-patch+json") return PatchType::merge;
  if (media == "application/strategic-merge-patch+json") return PatchType::strategic_merge;
  return std::nullopt;
}

nlohmann::json merge_patched(nlohmann::json target, const nlohmann::json& patch) {
  if (!patch.is_object()) return patch;
  if (!target.is_object()) target = nlohmann::json::object();
  for (const auto& [key, value] : patch.items()) {
    if (value.is_null()) {
      target.erase(key);
    } else {
      target[key] = merge_patched(target.contains(key) ? target[key] : nlohmann::json(), value);
    }
  }
  return target;
}

std::string strategic_directive(const nlohmann::json& patch) {
  if (patch.is_array()) {
    for (const nlohmann::json& element : patch) {
      if (std::string found = strategic_directive(element); !found.empty()) return found;
    }
  }
  if (!patch.is_object()) return "";
  for (const auto& [key, value] : patch.items()) {
    if (key.starts_with("$")) return key;
    if (std::string found = strategic_directive(value); !found.empty()) return found;
  }
  return "";
}

}  // namespace ferry::api
