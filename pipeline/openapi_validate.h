// Checking a resource request against its Promise's openAPIV3Schema, the way the Kubernetes API server
// would before Kratix ever saw the request, and applying the schema's defaults. Every problem is reported
// (not just the first), each at the offending node's file:line:column, for example
//   requests/redis.yaml:9:13: spec.size: must be one of small, large; found "huge"
// ferry is stricter than the API server in one respect: a field the schema does not declare is an error
// ("unknown field"), where Kubernetes would silently drop it and the pipeline would never see it.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"
#include "pipeline/openapi_schema.h"

namespace ferry::pipeline {

// The JSON type a YAML scalar resolves to as Kubernetes reads it (YAML 1.1 plain scalars: `yes` is a
// boolean, `8080` an integer, `"8080"` a string).
enum class ScalarKind { null, boolean, integer, number, string };
ScalarKind classify_scalar(const YAML::Node& scalar);

// The whole object (apiVersion, kind and metadata are always allowed at the top level).
std::vector<Error> validate_object(const Schema& root, const YAML::Node& object, const std::string& file);

// A copy of `object` with every absent field that has a default filled in, recursively (into objects that
// are present, and into every item of arrays), as the API server's defaulting does.
YAML::Node apply_defaults(const Schema& root, const YAML::Node& object);

}  // namespace ferry::pipeline
