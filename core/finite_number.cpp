#include "core/finite_number.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace ferry {
namespace {

// strtod needs a terminated string: a copy, whose embedded NUL (if any) ends the number early and so fails.
std::optional<double> parse_with_strtod(std::string_view text) {
  const std::string copy(text);
  char* end = nullptr;
  const double value = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::nullopt;
  return value;
}

std::optional<double> parse_decimal(std::string_view text) {
  if (text.size() > 1 && text.front() == '+' && text[1] != '-') text.remove_prefix(1);
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<double> parse_finite_number(std::string_view text, NumberSpelling spelling) {
  if (text.empty()) return std::nullopt;
  const std::optional<double> value =
      spelling == NumberSpelling::strtod ? parse_with_strtod(text) : parse_decimal(text);
  if (!value || !std::isfinite(*value)) return std::nullopt;
  return value;
}

}  // namespace ferry
