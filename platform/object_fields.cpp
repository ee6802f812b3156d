// The shared checks of object_fields.h; unknown keys go through core/known_fields.h's one checker.
#include "platform/object_fields.h"

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

// A table of `known` (whose names outlive it: it lives for this call), checked by the one checker.
Status known_fields_only(const YAML::Node& map, const std::vector<std::string>& known,
                         const std::string& path, const std::string& file) {
  FieldTable table;
  for (const std::string& name : known) table.fields.push_back({name.c_str()});
  return check_known_fields(map, table, path, file);
}

}  // namespace ferry::runner
