// Reading a numeric YAML field with core/finite_number.h's parser; the error points at the node.
#pragma once

#include <string>

#include "core/error.h"
#include "core/finite_number.h"
#include "core/yaml_document.h"

namespace ferry {

// A scalar node that parse_finite_number reads. The error points at the node: "\"<path>\" must be a number,
// found \"<text>\"", or "found a map" (a list, null, ...) for a node that is not a scalar.
Result<double> read_finite_number(const YAML::Node& node, const std::string& path, const std::string& file,
                                  NumberSpelling spelling);

}  // namespace ferry
