// Located reading of YAML documents: the edge where yaml-cpp nodes become plain values. Every error names
// the file, line and column of the offending node (or of the map that lacks a required key).
#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/labels.h"

namespace ferry {

// One document of a multi-document YAML file, with the file it came from.
struct YamlDocument {
  YAML::Node node;
  std::string file;
};

// Parses every document of a YAML stream; a syntax error names file:line:column.
Result<std::vector<YamlDocument>> parse_yaml_stream(const std::string& text, const std::string& file);

SourceLocation location_of(const YAML::Node& node, const std::string& file);

// map[key], or a plain undefined node when `map` is not a map or lacks the key: yaml-cpp throws on lookups
// in scalars and undefined nodes, and its "zombie" node for a missing key throws on IsMap()/IsScalar().
YAML::Node child(const YAML::Node& map, const char* key);

// A string scalar that stays a string when written out by to_yaml_text ("true" stays quoted).
YAML::Node string_node(const std::string& value);

// A required map-valued field (metadata, spec, ...); the error points at `parent`.
Result<YAML::Node> required_map(const YAML::Node& parent, const char* key, const std::string& path,
                                const std::string& file);

// Field readers. A `map` that is not a map reads as if the key were absent. `path` is the dotted name used in messages, e.g. "spec.stateStoreRef.name".
Result<std::string> required_string(const YAML::Node& map, const char* key, const std::string& path,
                                    const std::string& file);
Result<std::optional<std::string>> optional_string(const YAML::Node& map, const char* key,
                                                   const std::string& path, const std::string& file);
Result<bool> optional_bool(const YAML::Node& map, const char* key, bool fallback, const std::string& path,
                           const std::string& file);
// A map of string to string (labels, matchLabels); absent means empty.
Result<Labels> optional_labels(const YAML::Node& map, const char* key, const std::string& path,
                               const std::string& file);
// A list of strings (command, args); absent means empty.
Result<std::vector<std::string>> optional_strings(const YAML::Node& map, const char* key,
                                                  const std::string& path, const std::string& file);

// "a map", "a list", "a string", "null": how a node's type is named in messages.
std::string describe_node_type(const YAML::Node& node);

// Serialises a node back to YAML text (for /kratix/input/object.yaml, status and static dependency files)
// in block style, double-quoting every string that a YAML 1.1 or 1.2 reader would otherwise take for a
// bool, null, number or timestamp (yaml-cpp's own emitter drops the quotes of "true" or "8080").
std::string to_yaml_text(const YAML::Node& node);

}  // namespace ferry
