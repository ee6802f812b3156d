#include "platform/object_fields.h"

#include <algorithm>

#include "core/known_fields.h"

namespace ferry::runner {

Status check_api_version(const YamlDocument& document, const char* kind) {
  auto version = required_string(document.node, "apiVersion", "apiVersion", document.file);
  if (!version) return version.error();
  if (*version == kSchedulingApiVersion) return ok();
  return make_error(
      location_of(document.node["apiVersion"], document.file),
      std::string(kind) + " must have apiVersion " + kSchedulingApiVersion + ", found " + *version);
}

Status known_fields_only(const YAML::Node& map, const std::vector<std::string>& known,
                         const std::string& path, const std::string& file) {
  if (!map.IsDefined() || !map.IsMap()) return ok();
  for (const auto& entry : map) {
    if (entry.first.IsScalar() && std::find(known.begin(), known.end(), entry.first.Scalar()) != known.end())
      continue;
    return unknown_field(entry.first, known, path, file);
  }
  return ok();
}

}  // namespace ferry::runner
