// A container's env[i].valueFrom (secretKeyRef or configMapKeyRef) -> pipeline::SecretRef (secrets.h).
#pragma once

#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/secrets.h"

namespace ferry::pipeline {

// Parses env[i].valueFrom (`path` names it in messages, e.g. "spec.containers[0].env[1].valueFrom").
// Exactly one of secretKeyRef and configMapKeyRef; fieldRef and resourceFieldRef need a cluster and are
// refused. Errors are located at the offending node.
Result<SecretRef> parse_value_from(const YAML::Node& value_from, const std::string& path,
                                   const std::string& file);

}  // namespace ferry::pipeline
