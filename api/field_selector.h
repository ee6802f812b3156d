// The `fieldSelector` query parameter of a LIST of Secrets or ConfigMaps, as the API server reads it for
// the fields every kind has: requirements separated by commas, each `field=value`, `field==value` or
// `field!=value`, on `metadata.name` and `metadata.namespace`. kubectl 1.20's `delete` waits for the object
// to go with `fieldSelector=metadata.name=NAME`; ferry filters on no other field.
#pragma once

#include <string>
#include <vector>

#include "api/stored_object.h"
#include "core/error.h"

namespace ferry::api {

struct FieldRequirement {
  std::string field;  // metadata.name or metadata.namespace
  bool equal = true;  // false: !=
  std::string value;
};
using FieldSelector = std::vector<FieldRequirement>;  // all must hold; empty: everything

// Errors as the API server words them: `field label not supported: spec.x`, `invalid selector: 'x'`.
Result<FieldSelector> parse_field_selector(const std::string& text);

bool matches(const FieldSelector& selector, const StoredObject& object);

}  // namespace ferry::api
