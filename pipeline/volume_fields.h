// Field readers the volume parsers share (volume_parser.h, container_mounts_parser.h): a map's fields
// checked against the ones ferry reads, lists that may be absent, file modes, relative paths, object names.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "core/error.h"
#include "core/yaml_document.h"

namespace ferry::pipeline {

// Why a field ferry knows is refused, and what to do instead, by field name.
using Reasons = std::map<std::string, std::string>;

// Refuses (at the key) any key of `map` that is not in `known`: with its reason from `refused`, or as a
// field ferry does not know. A `map` that is not a map passes.
Status check_fields(const YAML::Node& map, const std::set<std::string>& known, const Reasons& refused,
                    const std::string& path, const std::string& file);

// A list-valued field; absent or null is an empty list.
Result<YAML::Node> optional_list(const YAML::Node& map, const char* key, const std::string& path,
                                 const std::string& file);

// A file mode: 0 to 0777, written in octal with a leading 0 or 0o (as YAML 1.1 readers take 0400) or in
// decimal (as JSON must: 256). Absent gives nullopt.
Result<std::optional<int>> optional_mode(const YAML::Node& map, const char* key, const std::string& path,
                                         const std::string& file);

// A relative path inside a volume: not empty, not absolute, no ".." part; located at `node`.
Status check_relative(const YAML::Node& node, const std::string& text, const std::string& path,
                      const std::string& file);

// A required Kubernetes object name (a secret's, a config map's).
Result<std::string> object_name(const YAML::Node& map, const char* key, const std::string& path,
                                const std::string& file);

}  // namespace ferry::pipeline
