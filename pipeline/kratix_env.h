// The KRATIX_* variables every workflow container gets (reference §2.3), in Kratix's order.
#pragma once

#include <string>
#include <vector>

#include "pipeline/model.h"
#include "pipeline/workflow_inputs.h"

namespace ferry::pipeline {

// The KRATIX_* variables for one pipeline, in the order of reference §2.3.
std::vector<runtime::EnvVar> kratix_env(const WorkflowObject& object, const std::string& pipeline_name);

}  // namespace ferry::pipeline
