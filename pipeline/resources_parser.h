// A container's `resources` (limits and requests of cpu, memory and ephemeral-storage) read from a
// Pipeline, each quantity parsed exactly (pipeline/quantity.h); what no runtime can give is refused.
#pragma once

#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/container_limits.h"

namespace ferry::pipeline {

// podman and docker refuse a memory limit below 6 MiB; ferry refuses it when loading, on every runtime.
inline constexpr std::int64_t kMinMemoryLimitBytes = std::int64_t{6} << 20;

// `container.resources` (absent: nothing set). `path` names the container, e.g.
// "spec.workflows.resource.configure[0].spec.containers[1]".
Result<Resources> parse_resources(const YAML::Node& container, const std::string& path,
                                  const std::string& file);

}  // namespace ferry::pipeline
