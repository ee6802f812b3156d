#include "core/yaml_document.h"

#include <yaml-cpp/depthguard.h>

#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "core/yaml_prepass.h"

namespace ferry {

SourceLocation location_of(const YAML::Node& node, const std::string& file) {
  if (!node.IsDefined()) return SourceLocation{file, 0, 0};
  const YAML::Mark mark = node.Mark();
  if (mark.is_null()) return SourceLocation{file, 0, 0};
  return SourceLocation{file, mark.line + 1, mark.column + 1};
}

// A key given twice in one map: yaml-cpp keeps both and lookups silently see the first. The parser's depth
// guard bounds the recursion.
static Status check_duplicate_keys(const YAML::Node& node, const std::string& file) {
  if (node.IsSequence()) {
    for (const YAML::Node& item : node) {
      if (Status s = check_duplicate_keys(item, file); !s) return s;
    }
  } else if (node.IsMap()) {
    std::map<std::string, YAML::Mark> seen;
    for (const auto& pair : node) {
      if (pair.first.IsScalar()) {
        const auto [at, fresh] = seen.emplace(pair.first.Scalar(), pair.first.Mark());
        if (!fresh) {
          return make_error(location_of(pair.first, file),
                            "duplicate key \"" + pair.first.Scalar() + "\" (first at line " +
                                std::to_string(at->second.line + 1) + "); remove one of them");
        }
      }
      if (Status s = check_duplicate_keys(pair.second, file); !s) return s;
    }
  }
  return ok();
}

namespace {

// At most this many nodes, aliases expanded, per document beyond the text's own size: a document without
// aliases has fewer nodes than characters, so only aliases can reach it (yaml_prepass.h).
constexpr std::size_t kAliasExpansionAllowance = 100000;

// Why a stream is refused before its nodes are built: where and what.
struct PrePassRefusal {
  YAML::Mark mark;
  std::string message;
};

// yaml-cpp 0.7's LoadAll never returns on some invalid streams (a lone ",": jbeder/yaml-cpp#1040, fixed
// upstream by PR #1319): the parser reports an empty document without consuming the token, forever,
// growing memory (found by tests/fuzz; tests/fuzz/regressions/status_merge/comma-loop.yaml). A first pass
// without nodes finds where a document would start twice at the same place. Throws what the parser throws.
// The same pass checks aliases (yaml_prepass.h).
std::optional<PrePassRefusal> refused_before_building(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  YamlPrePass pass(kAliasExpansionAllowance + text.size(), text);
  std::optional<int> previous;
  while (parser.HandleNextDocument(pass)) {
    if (pass.refusal) return PrePassRefusal{pass.refusal->mark, pass.refusal->message};
    if (previous == pass.start.pos)
      return PrePassRefusal{pass.start,
                            "invalid YAML: a document cannot start with this character; remove it"};
    previous = pass.start.pos;
  }
  return std::nullopt;
}

}  // namespace

Result<std::vector<YamlDocument>> parse_yaml_stream(const std::string& text, const std::string& file) {
  try {
    if (const auto refused = refused_before_building(text)) {
      return make_error(SourceLocation{file, refused->mark.line + 1, refused->mark.column + 1},
                        refused->message);
    }
    std::vector<YamlDocument> documents;
    for (YAML::Node& node : YAML::LoadAll(text)) {
      if (node.IsNull()) continue;  // an empty document between two "---"
      if (Status unique = check_duplicate_keys(node, file); !unique) return unique.error();
      documents.push_back(YamlDocument{std::move(node), file});
    }
    return documents;
  } catch (const YAML::DeepRecursion& e) {
    return make_error(
        SourceLocation{file, e.mark.line + 1, e.mark.column + 1},
        "invalid YAML: nested too deeply (" + std::to_string(e.depth()) + " levels); flatten the document");
  } catch (const YAML::Exception& e) {
    return make_error(SourceLocation{file, e.mark.line + 1, e.mark.column + 1}, "invalid YAML: " + e.msg);
  }
}

std::string describe_node_type(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      return "a map";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Scalar:
      return "a string";
    case YAML::NodeType::Null:
      return "null";
    case YAML::NodeType::Undefined:
      break;
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
  const YAML::Node value = map[key];
  return value.IsDefined() ? value : YAML::Node(YAML::NodeType::Undefined);
}

YAML::Node string_node(const std::string& value) {
  YAML::Node node(value);
  node.SetTag("!");
  return node;
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

namespace {

// Would a YAML 1.1 or 1.2 reader take this text, written plain, for something other than a string (a
// bool, null, number or timestamp)? Errs on the side of yes: quoting a string is always safe.
bool reads_as_non_string(const std::string& value) {
  static const std::set<std::string> kWords = {"",     "~",     "null",  "Null",  "NULL", "true", "True",
                                               "TRUE", "false", "False", "FALSE", "y",    "Y",    "yes",
                                               "Yes",  "YES",   "n",     "N",     "no",   "No",   "NO",
                                               "on",   "On",    "ON",    "off",   "Off",  "OFF"};
  if (kWords.count(value) > 0) return true;
  const char first = value[0];
  if (!(first == '+' || first == '-' || first == '.' || (first >= '0' && first <= '9'))) return false;
  return value.find_first_not_of("0123456789abcdefABCDEFoxX_.+-:TZtz iInN") == std::string::npos;
}

bool is_string(const YAML::Node& scalar) {
  return scalar.Tag() == "!" || scalar.Tag() == "tag:yaml.org,2002:str";
}

void emit(YAML::Emitter& out, const YAML::Node& node) {
  if (node.IsMap()) {
    out << YAML::BeginMap;
    for (const auto& entry : node) {
      out << YAML::Key;
      emit(out, entry.first);
      out << YAML::Value;
      emit(out, entry.second);
    }
    out << YAML::EndMap;
  } else if (node.IsSequence()) {
    out << YAML::BeginSeq;
    for (const YAML::Node& item : node) emit(out, item);
    out << YAML::EndSeq;
  } else if (node.IsScalar()) {
    if (is_string(node) && reads_as_non_string(node.Scalar())) out << YAML::DoubleQuoted;
    out << node.Scalar();
  } else {
    out << YAML::Null;
  }
}

}  // namespace

std::string to_yaml_text(const YAML::Node& node) {
  YAML::Emitter out;
  emit(out, node);
  return std::string(out.c_str()) + "\n";
}

}  // namespace ferry
