// Reading a Promise's openAPIV3Schema node into pipeline::Schema (openapi_schema.h), every error located.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/openapi_schema.h"

namespace ferry::pipeline {

// Parses one openAPIV3Schema node. Errors name the offending node, e.g.
//   promise.yaml:14:21: "type" must be one of object, array, string, integer, number, boolean; found "map"
// A keyword that is no openAPIV3Schema keyword (the marketplace's `regex`) is skipped: Kubernetes decodes
// a CRD's schema into its typed struct, which drops it, so Kratix runs such a Promise and never checks it.
Result<Schema> parse_schema(const YAML::Node& node, const std::string& file);

// The keywords parse_schema skips in `node` and its nested schemas (properties, items,
// additionalProperties), in document order, each a warning at the keyword:
//   promise.yaml:30:21: schema keyword "regex" is not an openAPIV3Schema keyword: dropped, as Kratix's API
//   server drops it, so it checks nothing (a string's regular expression is "pattern")
std::vector<Error> dropped_schema_keywords(const YAML::Node& node, const std::string& file);

}  // namespace ferry::pipeline
