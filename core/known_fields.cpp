#include "core/known_fields.h"

#include "core/message_text.h"

namespace ferry {
namespace {

// How far a misspelt key may be from the name suggested: "matchlabels" (case only), "brnach" (two).
constexpr std::size_t kSuggestionDistance = 2;

std::string field_path(const std::string& path, const char* name) {
  return path.empty() ? std::string(name) : path + "." + name;
}

const KnownField* find_field(const FieldTable& table, const std::string& name) {
  for (const KnownField& field : table.fields) {
    if (name == field.name) return &field;
  }
  return nullptr;
}

std::vector<std::string> names_of(const FieldTable& table) {
  std::vector<std::string> names;
  for (const KnownField& field : table.fields) names.emplace_back(field.name);
  return names;
}

Status check_value(const YAML::Node& value, const KnownField& field, const std::string& path,
                   const std::string& file) {
  if (field.nested == nullptr) return ok();
  if (!field.list) return check_known_fields(value, *field.nested, path, file);
  if (!value.IsSequence()) return ok();
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string item = path + "[" + std::to_string(i) + "]";
    if (Status checked = check_known_fields(value[i], *field.nested, item, file); !checked) return checked;
  }
  return ok();
}

}  // namespace

Error unknown_field(const YAML::Node& key, const std::vector<std::string>& known, const std::string& path,
                    const std::string& file) {
  const std::string name = key.IsScalar() ? key.Scalar() : describe_node_type(key);
  const std::string where = path.empty() ? "the document" : "\"" + path + "\"";
  std::string message = "unknown field " + quoted_value(name) + " in " + where;
  if (const auto near = closest_word(name, known, kSuggestionDistance)) {
    return make_error(location_of(key, file), message + "; did you mean \"" + *near + "\"?");
  }
  std::string list;
  for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
  return make_error(location_of(key, file), message + "; known fields: " + list);
}

Status check_known_fields(const YAML::Node& map, const FieldTable& table, const std::string& path,
                          const std::string& file) {
  if (!map.IsDefined() || !map.IsMap()) return ok();
  for (const auto& entry : map) {
    const KnownField* field = entry.first.IsScalar() ? find_field(table, entry.first.Scalar()) : nullptr;
    if (field == nullptr) return unknown_field(entry.first, names_of(table), path, file);
    if (Status checked = check_value(entry.second, *field, field_path(path, field->name), file); !checked)
      return checked;
  }
  return ok();
}

Status refuse_fields(const YAML::Node& map, const std::vector<RefusedField>& refused, const std::string& path,
                     const std::string& file) {
  if (!map.IsDefined() || !map.IsMap()) return ok();
  for (const auto& entry : map) {
    for (const RefusedField& field : refused) {
      if (!entry.first.IsScalar() || entry.first.Scalar() != field.name) continue;
      return make_error(location_of(entry.first, file),
                        "\"" + field_path(path, field.name) + "\" " + field.reason);
    }
  }
  return ok();
}

const FieldTable& object_meta_fields() {
  static const FieldTable table{{{"name"},
                                 {"generateName"},
                                 {"namespace"},
                                 {"labels"},
                                 {"annotations"},
                                 {"uid"},
                                 {"resourceVersion"},
                                 {"generation"},
                                 {"creationTimestamp"},
                                 {"deletionTimestamp"},
                                 {"deletionGracePeriodSeconds"},
                                 {"ownerReferences"},
                                 {"finalizers"},
                                 {"managedFields"},
                                 {"selfLink"}}};
  return table;
}

}  // namespace ferry
