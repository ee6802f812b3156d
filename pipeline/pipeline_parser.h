// Pipeline lists embedded in a Promise's spec.workflows (reference §1.2).
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

// `list` may be absent (no pipelines). `path` names it in messages, e.g. "spec.workflows.resource.configure".
Result<std::vector<Pipeline>> parse_pipelines(const YAML::Node& list, const std::string& path,
                                              const std::string& file);

}  // namespace ferry::pipeline
