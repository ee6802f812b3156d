#include "core/yaml_document.h"

namespace ferry {

SourceLocation location_of(const YAML::Node& node, const std::string& file) {
  if (!node.IsDefined()) return SourceLocation{file, 0, 0};
  const YAML::Mark mark = node.Mark();
  if (mark.is_null()) return SourceLocation{file, 0, 0};
  return SourceLocation{file, mark.line + 1, mark.column + 1};
}

Result<std::vector<YamlDocument>> parse_yaml_stream(const std::string& text, const std::string& file) {
  try {
    std::vector<YamlDocument> documents;
    for (YAML::Node& node : YAML::LoadAll(text)) {
      if (node.IsNull()) continue;  // an empty document between two "---"
      documents.push_back(YamlDocument{std::move(node), file});
    }
    return documents;
  } catch (const YAML::Exception& e) {
    return make_error(SourceLocation{file, e.mark.line + 1, e.mark.column + 1}, "invalid YAML: " + e.msg);
  }
}

std::string describe_node_type(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: return "a map";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Scalar: return "a string";
    case YAML::NodeType::Null: return "null";
    case YAML::NodeType::Undefined: break;
  }
  return "nothing";
}

static Error wrong_type(const YAML::Node& node, const std::string& path, const char* expected,
                        const std::string& file) {
  return make_error(location_of(node, file),
                    "\"" + path + "\" must be " + expected + ", found " + describe_node_type(node));
}

YAML::Node child(const YAML::Node& map, const char* key) {
  if (!map.IsDefined() || !map.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  return map[key];
}

Result<YAML::Node> required_map(const YAML::Node& parent, const char* key, const std::string& path,
                                const std::string& file) {
  const YAML::Node value = child(parent, key);
  if (!value.IsDefined() || value.IsNull()) {
    return make_error(location_of(parent, file), "missing required field \"" + path + "\"");
  }
  if (!value.IsMap()) return wrong_type(value, path, "a map", file);
  return value;
}

Result<std::optional<std::string>> optional_string(const YAML::Node& map, const char* key,
                                                   const std::string& path, const std::string& file) {
  const YAML::Node value = child(map, key);
  if (!value || value.IsNull()) return std::optional<std::string>{};
  if (!value.IsScalar()) return wrong_type(value, path, "a string", file);
  return std::optional<std::string>{value.Scalar()};
}

Result<std::string> required_string(const YAML::Node& map, const char* key, const std::string& path,
                                    const std::string& file) {
  auto value = optional_string(map, key, path, file);
  if (!value) return value.error();
  if (!value->has_value() || (*value)->empty()) {
    return make_error(location_of(map, file), "missing required field \"" + path + "\"");
  }
  return **value;
}

Result<bool> optional_bool(const YAML::Node& map, const char* key, bool fallback, const std::string& path,
                           const std::string& file) {
  const YAML::Node value = child(map, key);
  if (!value || value.IsNull()) return fallback;
  if (value.IsScalar()) {
    if (value.Scalar() == "true") return true;
    if (value.Scalar() == "false") return false;
  }
  return wrong_type(value, path, "true or false", file);
}

Result<Labels> optional_labels(const YAML::Node& map, const char* key, const std::string& path,
                               const std::string& file) {
  const YAML::Node value = child(map, key);
  Labels labels;
  if (!value || value.IsNull()) return labels;
  if (!value.IsMap()) return wrong_type(value, path, "a map of strings", file);
  for (const auto& entry : value) {
    const std::string name = entry.first.Scalar();
    if (!entry.second.IsScalar()) return wrong_type(entry.second, path + "." + name, "a string", file);
    labels[name] = entry.second.Scalar();
  }
  return labels;
}

Result<std::vector<std::string>> optional_strings(const YAML::Node& map, const char* key,
                                                  const std::string& path, const std::string& file) {
  const YAML::Node value = child(map, key);
  std::vector<std::string> strings;
  if (!value || value.IsNull()) return strings;
  if (!value.IsSequence()) return wrong_type(value, path, "a list of strings", file);
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (!value[i].IsScalar()) {
      return wrong_type(value[i], path + "[" + std::to_string(i) + "]", "a string", file);
    }
    strings.push_back(value[i].Scalar());
  }
  return strings;
}

// A deep copy with every collection in block style: flow style written in the platform repository
// ("{name: x}") is a matter of taste there, and pipelines and Destinations read block style best.
static YAML::Node in_block_style(const YAML::Node& node) {
  YAML::Node copy = YAML::Clone(node);
  std::vector<YAML::Node> pending = {copy};
  while (!pending.empty()) {
    YAML::Node current = pending.back();
    pending.pop_back();
    if (current.IsMap()) {
      current.SetStyle(YAML::EmitterStyle::Block);
      for (auto entry : current) pending.push_back(entry.second);
    } else if (current.IsSequence()) {
      current.SetStyle(YAML::EmitterStyle::Block);
      for (auto item : current) pending.push_back(item);
    }
  }
  return copy;
}

std::string to_yaml_text(const YAML::Node& node) {
  YAML::Emitter out;
  out << in_block_style(node);
  return std::string(out.c_str()) + "\n";
}

}  // namespace ferry
