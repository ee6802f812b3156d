// Reading a Promise's openAPIV3Schema node into pipeline::Schema (openapi_schema.h), every error located.
#pragma once

#include <string>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/openapi_schema.h"

namespace ferry::pipeline {

// Parses one openAPIV3Schema node. Errors name the offending node, e.g.
//   promise.yaml:14:21: "type" must be one of object, array, string, integer, number, boolean; found "map"
Result<Schema> parse_schema(const YAML::Node& node, const std::string& file);

}  // namespace ferry::pipeline
