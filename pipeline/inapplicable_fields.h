// The one warning for a Promise whose Pipelines use fields that do not apply outside Kubernetes
// (InapplicableField, pipeline/container_limits.h), in the words every command gives it.
#pragma once

#include <string>
#include <vector>

#include "pipeline/container_limits.h"

namespace ferry::pipeline {

// "Promise \"<name>\": Pipeline fields nodeSelector and tolerations do not apply outside Kubernetes (...):
// ferry ignores them": each name once, in the order given.
std::string inapplicable_fields_warning(const std::string& promise,
                                        const std::vector<InapplicableField>& fields);

}  // namespace ferry::pipeline
