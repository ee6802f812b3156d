// Reading a Go duration from a YAML field (workflow-control.yaml's retryAfter) with pipeline/duration.h's
// parser.
#pragma once

#include <chrono>
#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/duration.h"

namespace ferry::pipeline {

// parse_go_duration for a YAML node: it must be a scalar; errors point at the node.
Result<std::chrono::nanoseconds> parse_go_duration(const YAML::Node& node, const std::string& path,
                                                   const std::string& file);

}  // namespace ferry::pipeline
