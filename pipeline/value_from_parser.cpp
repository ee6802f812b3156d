#include "pipeline/value_from_parser.h"

namespace ferry::pipeline {
namespace {

Status check_ref_fields(const YAML::Node& value_from, const std::string& path, const std::string& file) {
  for (const auto& entry : value_from) {
    const std::string key = entry.first.Scalar();
    if (key == "secretKeyRef" || key == "configMapKeyRef") continue;
    const std::string why = key == "fieldRef" || key == "resourceFieldRef"
                                ? " needs a Kubernetes API and is not supported by ferry"
                                : " is not a known field";
    return make_error(location_of(entry.first, file),
                      "\"" + path + "." + key + "\"" + why + ": use \"secretKeyRef\" or \"configMapKeyRef\"");
  }
  const bool secret = value_from["secretKeyRef"].IsDefined();
  const bool config_map = value_from["configMapKeyRef"].IsDefined();
  if (secret && config_map) {
    return make_error(location_of(value_from, file),
                      "\"" + path + "\" must have only one of \"secretKeyRef\" and \"configMapKeyRef\"");
  }
  if (!secret && !config_map) {
    return make_error(location_of(value_from, file),
                      "\"" + path + "\" needs \"secretKeyRef\" or \"configMapKeyRef\"");
  }
  return ok();
}

}  // namespace

Result<SecretRef> parse_value_from(const YAML::Node& value_from, const std::string& path,
                                   const std::string& file) {
  if (!value_from.IsMap()) {
    return make_error(location_of(value_from, file), "\"" + path +
                                                         "\" must be a map with \"secretKeyRef\" or "
                                                         "\"configMapKeyRef\", found " +
                                                         describe_node_type(value_from));
  }
  if (Status fields = check_ref_fields(value_from, path, file); !fields) return fields.error();
  SecretRef ref;
  ref.kind = value_from["secretKeyRef"].IsDefined() ? RefKind::secret : RefKind::config_map;
  const char* field = ref.kind == RefKind::secret ? "secretKeyRef" : "configMapKeyRef";
  const std::string ref_path = path + "." + field;
  auto map = required_map(value_from, field, ref_path, file);
  if (!map) return map.error();
  auto name = required_string(*map, "name", ref_path + ".name", file);
  if (!name) return name.error();
  if (!valid_ref_name(*name)) {
    return make_error(location_of((*map)["name"], file),
                      std::string(ref_kind_word(ref.kind)) + " name \"" + *name +
                          "\" is not a valid Kubernetes name: use lower-case letters, digits, '-' and '.', "
                          "starting and ending with a letter or digit");
  }
  auto key = required_string(*map, "key", ref_path + ".key", file);
  if (!key) return key.error();
  if (!valid_ref_key(*key)) {
    return make_error(location_of((*map)["key"], file),
                      "key \"" + *key + "\" is not a valid key: use letters, digits, '-', '_' and '.'");
  }
  auto optional = optional_bool(*map, "optional", false, ref_path + ".optional", file);
  if (!optional) return optional.error();
  ref.name = *name;
  ref.key = *key;
  ref.optional = *optional;
  ref.where = location_of(*map, file);
  return ref;
}

}  // namespace ferry::pipeline
