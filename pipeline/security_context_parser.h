// A container's `securityContext` read from a Pipeline: the fields ferry maps on every runtime, checked as
// the Kubernetes API server checks them; the fields no runtime of ferry can honour are refused.
#pragma once

#include <optional>
#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/container_limits.h"

namespace ferry::pipeline {

// `container.securityContext` (absent or null: nullopt). `path` names the container.
Result<std::optional<SecurityContext>> parse_security_context(const YAML::Node& container,
                                                              const std::string& path,
                                                              const std::string& file);

}  // namespace ferry::pipeline
