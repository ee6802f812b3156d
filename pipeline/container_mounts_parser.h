// Reads a container's volumeMounts and envFrom (volume_model.h), and checks that every mount names a volume
// of its Pipeline. Errors are located at the offending node.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

// A container's volumeMounts (`path` names the container). Mount paths must be absolute, not under
// /kratix (ferry's own mounts) and not used twice in the container.
Result<std::vector<VolumeMount>> parse_volume_mounts(const YAML::Node& container, const std::string& path,
                                                     const std::string& file);

// A container's envFrom: secretRef or configMapRef, each with name and optional, and a prefix.
Result<std::vector<EnvFromSource>> parse_env_from(const YAML::Node& container, const std::string& path,
                                                  const std::string& file);

// Every volumeMounts[].name of the pipeline's containers names one of its volumes.
Status check_volume_mounts(const Pipeline& pipeline);

// Both of the above into `container`: pipeline_parser.cpp's one call.
Status parse_container_mounts(const YAML::Node& node, const std::string& path, const std::string& file,
                              Container& container);

}  // namespace ferry::pipeline
