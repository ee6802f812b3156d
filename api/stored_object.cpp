// The Kubernetes name and key rules and the derived identifiers of stored_object.h.
#include "api/stored_object.h"

#include <algorithm>

#include "core/md5.h"
#include "core/stable_hash.h"

namespace ferry::api {
namespace {

bool lower_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

}  // namespace

bool valid_data_key(const std::string& key) {
  if (key.empty() || key.size() > 253 || key == "." || key.starts_with("..")) return false;
  return std::all_of(key.begin(), key.end(), [](char c) {
    return lower_alnum(c) || (c >= 'A' && c <= 'Z') || c == '-' || c == '_' || c == '.';
  });
}

bool valid_object_name(const std::string& name) {
  if (name.empty() || name.size() > 253 || !lower_alnum(name.front()) || !lower_alnum(name.back()))
    return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (lower_alnum(c) || c == '-') continue;
    if (c != '.' || !lower_alnum(name[i - 1]) || !lower_alnum(name[i + 1]))
      return false;  // labels between dots
  }
  return true;
}

bool valid_namespace_name(const std::string& name) {
  return name.size() <= 63 && name.find('.') == std::string::npos && valid_object_name(name);
}

const char* kind_name(StoredKind kind) {
  return kind == StoredKind::secret ? "Secret" : "ConfigMap";
}

const char* resource_name(StoredKind kind) {
  return kind == StoredKind::secret ? "secrets" : "configmaps";
}

std::string resource_version(const StoredObject& object) {
  std::string material = object.type + '\0' + object.creation_timestamp + '\0';
  for (const auto& [key, value] : object.data)
    material += key + '\0' + std::to_string(value.size()) + '\0' + value;
  material += '\1';
  for (const auto& [key, value] : object.labels) material += key + '\0' + value + '\0';
  material += '\1';
  for (const auto& [key, value] : object.annotations) material += key + '\0' + value + '\0';
  return std::to_string(stable_hash(material) % 1000000000000000ULL);
}

std::string object_uid(StoredKind kind, const StoredObject& object) {
  const std::string hex =
      md5_hex(std::string(kind_name(kind)) + '/' + object.namespace_name + '/' + object.name);
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
         hex.substr(20, 12);
}

}  // namespace ferry::api
