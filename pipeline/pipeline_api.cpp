// serves_platform_api (pipeline_api.h).
#include "pipeline/pipeline_api.h"

#include <algorithm>

namespace ferry::pipeline {

bool serves_platform_api(const Pipeline& pipeline) {
  return std::any_of(pipeline.inapplicable_fields.begin(), pipeline.inapplicable_fields.end(),
                     [](const InapplicableField& field) { return field.name == "rbac"; });
}

}  // namespace ferry::pipeline
