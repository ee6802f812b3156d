// What the volume parsers share (volume_parser.h, container_mounts_parser.h) and the Pipeline's table of a
// volume's fields (pipeline_fields.cpp): the volume kinds that need a cluster, and field readers for lists
// that may be absent, file modes, relative paths and object names.
#pragma once

#include <optional>
#include <set>
#include <string>

#include "core/error.h"
#include "core/yaml_document.h"

namespace ferry::pipeline {

// The volume kinds of Kubernetes' VolumeSource that ferry refuses because each needs a cluster: the
// volume table lists them as known, volume_parser.h refuses them with that reason.
const std::set<std::string>& cluster_volume_kinds();

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
