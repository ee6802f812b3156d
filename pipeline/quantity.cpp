// parse_quantity: the number as an exact integer mantissa with a power of ten and a power of two, then one
// rounded-up division; no floating point, so "0.1" is exactly a tenth.
#include "pipeline/quantity.h"

#include <cctype>
#include <map>

namespace ferry::pipeline {
namespace {

__extension__ typedef unsigned __int128 Wide;

constexpr int kMaxDigits = 30;  // mantissas beyond this are refused rather than rounded
constexpr Wide kLimit = static_cast<Wide>(INT64_MAX);

struct Scale {
  int ten = 0;  // power of ten
  int two = 0;  // power of two
};

// Every suffix Kubernetes accepts, with its scale.
const std::map<std::string, Scale>& suffixes() {
  static const std::map<std::string, Scale> table = {
      {"", {0, 0}},    {"n", {-9, 0}},  {"u", {-6, 0}},  {"m", {-3, 0}}, {"k", {3, 0}},   {"M", {6, 0}},
      {"G", {9, 0}},   {"T", {12, 0}},  {"P", {15, 0}},  {"E", {18, 0}}, {"Ki", {0, 10}}, {"Mi", {0, 20}},
      {"Gi", {0, 30}}, {"Ti", {0, 40}}, {"Pi", {0, 50}}, {"Ei", {0, 60}}};
  return table;
}

// "e3", "E-2", "e+4": a decimal exponent suffix.
std::optional<Scale> exponent(const std::string& suffix) {
  if (suffix.size() < 2 || (suffix[0] != 'e' && suffix[0] != 'E')) return std::nullopt;
  std::size_t i = 1;
  const bool negative = suffix[i] == '-';
  if (suffix[i] == '-' || suffix[i] == '+') ++i;
  if (i == suffix.size() || suffix.size() - i > 3) return std::nullopt;
  int value = 0;
  for (; i < suffix.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(suffix[i]))) return std::nullopt;
    value = value * 10 + (suffix[i] - '0');
  }
  return Scale{negative ? -value : value, 0};
}

// value * factor, or nullopt past kLimit.
std::optional<Wide> times(Wide value, Wide factor) {
  if (value != 0 && factor > kLimit * 1000 / value) return std::nullopt;
  return value * factor;
}

}  // namespace

std::optional<std::int64_t> parse_quantity(const std::string& text, std::int64_t per_unit) {
  std::size_t i = text.starts_with('+') ? 1 : 0;
  Wide mantissa = 0;
  int digits = 0, fraction = 0;
  bool point = false;
  for (; i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'); ++i) {
    if (text[i] == '.') {
      if (point) return std::nullopt;
      point = true;
      continue;
    }
    if (mantissa == 0 && text[i] == '0' && !point) continue;  // leading zeros
    if (++digits > kMaxDigits) return std::nullopt;
    mantissa = mantissa * 10 + static_cast<Wide>(text[i] - '0');
    fraction += point ? 1 : 0;
  }
  const std::string number = text.substr(0, i);
  if (number.find_first_of("0123456789") == std::string::npos) return std::nullopt;
  const std::string suffix = text.substr(i);
  std::optional<Scale> scale;
  if (const auto known = suffixes().find(suffix); known != suffixes().end()) scale = known->second;
  if (!scale) scale = exponent(suffix);
  if (!scale) return std::nullopt;
  std::optional<Wide> value = times(mantissa, static_cast<Wide>(per_unit));
  if (value) value = times(*value, Wide{1} << scale->two);
  int ten = scale->ten - fraction;
  for (; value && ten > 0; --ten) value = times(*value, 10);
  if (!value) return std::nullopt;
  Wide divisor = 1;
  for (; ten < 0 && divisor < kLimit * 1000; ++ten) divisor *= 10;
  if (ten < 0) return *value == 0 ? std::optional<std::int64_t>(0) : std::optional<std::int64_t>(1);
  const Wide result = (*value + divisor - 1) / divisor;
  if (result > kLimit) return std::nullopt;
  return static_cast<std::int64_t>(result);
}

}  // namespace ferry::pipeline
