// The Pipeline spec fields that shape Kratix's Job and Pod rather than a container: `jobOptions`
// (backoffLimit, honoured), `rbac` (permissions kept for the platform API), and `nodeSelector`,
// `tolerations`, `restartPolicy` and `rbac`, which are checked and recorded as not applicable.
#pragma once

#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/model.h"

namespace ferry::pipeline {

// Reads those fields of `spec` (a Pipeline's spec map) into `pipeline`. `path` names the Pipeline.
Status parse_job_fields(const YAML::Node& spec, const std::string& path, const std::string& file,
                        Pipeline& pipeline);

}  // namespace ferry::pipeline
