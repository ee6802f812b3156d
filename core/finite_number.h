// Reading a finite number from text: the one parser behind numeric YAML fields (placement policies, Metrics),
// metric values and readings, constraint operands and Destination metric weights. Two spellings exist
// because those callers always accepted different ones; each keeps its own (see NumberSpelling). The YAML
// node reader is core/finite_number_field.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"

namespace ferry {

enum class NumberSpelling {
  // std::strtod's: leading white space, a sign, decimal or hexadecimal ("0x1p3"), an exponent; a value too
  // small to represent reads as 0 or a denormal. PlacementPolicy fields, constraint operands, the weights of
  // the Destination metrics annotation.
  strtod,
  // std::from_chars' decimal form after one optional '+' (not "+-"): no white space, no hexadecimal; a value
  // beyond double's range either way is not a number. Metric fields and metric values (readings, queries).
  decimal,
};

// The finite number that the whole of `text` spells, or nullopt: empty text, anything left after the
// number, infinity and NaN are not numbers.
std::optional<double> parse_finite_number(std::string_view text, NumberSpelling spelling);

}  // namespace ferry
