// A Promise's openAPIV3Schema (spec.api.spec.versions[].schema.openAPIV3Schema) as a plain value (its
// located parser: openapi_schema_parser.h). The subset Kubernetes' structural schemas use for custom
// resources: type, properties, required, items, enum, pattern, minimum/maximum (and their exclusive forms),
// minLength/maxLength, minItems/maxItems, default, nullable, additionalProperties and
// x-kubernetes-preserve-unknown-fields.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::pipeline {

enum class SchemaType { any, object, array, string, integer, number, boolean };

struct Schema {
  SchemaType type = SchemaType::any;
  std::map<std::string, Schema> properties;
  std::vector<std::string> required;
  std::shared_ptr<const Schema> items;                  // arrays: the schema of every item
  std::shared_ptr<const Schema> additional_properties;  // objects: the schema of keys not in `properties`
  bool preserve_unknown_fields = false;  // x-kubernetes-preserve-unknown-fields or additionalProperties: true
  bool nullable = false;
  std::vector<std::string> enum_values;  // canonical scalar texts (see canonical_scalar in openapi_validate)
  std::optional<std::string> pattern;    // ECMAScript regular expression, searched (not anchored)
  std::optional<double> minimum, maximum;
  bool exclusive_minimum = false, exclusive_maximum = false;
  std::optional<long long> min_length, max_length, min_items, max_items;
  std::optional<std::string> default_yaml;  // the default value as YAML text; applied to absent fields
};

// The name of a schema type as written in YAML ("object", ...; "any" for an untyped schema).
std::string type_name(SchemaType type);

}  // namespace ferry::pipeline
