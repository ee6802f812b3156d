// Go's time.ParseDuration, step by step (same overflow rules and float64 fraction arithmetic), so that a
// retryAfter means the same wait in ferry as in Kratix.
#include "pipeline/duration.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>

namespace ferry::pipeline {
namespace {

using u64 = std::uint64_t;
constexpr u64 kLimit = u64{1} << 63;  // Go compares against 1<<63 while accumulating

struct Unit {
  std::string_view name;
  u64 nanos;
};
constexpr std::array<Unit, 8> kUnits = {{{"ns", 1},
                                         {"us", 1000},
                                         {"\u00b5s", 1000},
                                         {"\u03bcs", 1000},
                                         {"ms", 1000000},
                                         {"s", 1000000000},
                                         {"m", 60 * u64{1000000000}},
                                         {"h", 3600 * u64{1000000000}}}};

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Consumes leading digits into `value`; false when they overflow (Go's leadingInt).
bool leading_int(std::string_view& s, u64& value) {
  std::size_t i = 0;
  for (; i < s.size() && is_digit(s[i]); ++i) {
    if (value > kLimit / 10) return false;
    value = value * 10 + static_cast<u64>(s[i] - '0');
    if (value > kLimit) return false;
  }
  s.remove_prefix(i);
  return true;
}

// Consumes the digits after '.'; digits beyond what fits are dropped (Go's leadingFraction).
void leading_fraction(std::string_view& s, u64& value, double& scale) {
  std::size_t i = 0;
  bool overflow = false;
  for (; i < s.size() && is_digit(s[i]); ++i) {
    if (overflow) continue;
    if (value > (kLimit - 1) / 10) {
      overflow = true;
      continue;
    }
    const u64 next = value * 10 + static_cast<u64>(s[i] - '0');
    if (next > kLimit) {
      overflow = true;
      continue;
    }
    value = next;
    scale *= 10;
  }
  s.remove_prefix(i);
}

std::optional<u64> unit_nanos(std::string_view name) {
  for (const Unit& unit : kUnits) {
    if (unit.name == name) return unit.nanos;
  }
  return std::nullopt;
}

// One "<number><unit>" term from the front of `s`, added to `total`. Returns why it is invalid, or "".
std::string add_term(std::string_view& s, u64& total) {
  if (s[0] != '.' && !is_digit(s[0])) return "expected a number at \"" + std::string(s) + "\"";
  u64 whole = 0, fraction = 0;
  double scale = 1;
  const std::size_t before = s.size();
  if (!leading_int(s, whole)) return "the number is too large";
  const bool pre = s.size() != before;
  bool post = false;
  if (!s.empty() && s[0] == '.') {
    s.remove_prefix(1);
    const std::size_t after_dot = s.size();
    leading_fraction(s, fraction, scale);
    post = s.size() != after_dot;
  }
  if (!pre && !post) return "a number needs at least one digit";
  std::size_t i = 0;
  while (i < s.size() && s[i] != '.' && !is_digit(s[i])) ++i;
  if (i == 0) return "missing unit";
  const std::string_view name = s.substr(0, i);
  s.remove_prefix(i);
  const std::optional<u64> unit = unit_nanos(name);
  if (!unit) return "unknown unit \"" + std::string(name) + "\"";
  if (whole > kLimit / *unit) return "too large (at most 2562047h47m16.854775807s)";
  whole *= *unit;
  if (fraction > 0) {
    whole += static_cast<u64>(static_cast<double>(fraction) * (static_cast<double>(*unit) / scale));
    if (whole > kLimit) return "too large (at most 2562047h47m16.854775807s)";
  }
  total += whole;
  if (total > kLimit - 1) return "too large (at most 2562047h47m16.854775807s)";
  return "";
}

// Why `text` is not a duration, or "" when `nanos` holds its value.
std::string parse(std::string_view text, u64& nanos) {
  std::string_view s = text;
  if (!s.empty() && s[0] == '-') return "negative durations are not allowed";
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  if (s == "0") return "";
  if (s.empty()) return "empty";
  while (!s.empty()) {
    if (std::string why = add_term(s, nanos); !why.empty()) return why;
  }
  return "";
}

}  // namespace

Result<std::chrono::nanoseconds> parse_go_duration(std::string_view text, const std::string& path,
                                                   const SourceLocation& where) {
  u64 nanos = 0;
  const std::string why = parse(text, nanos);
  if (!why.empty()) {
    return make_error(where, "invalid duration \"" + std::string(text) + "\" in \"" + path + "\": " + why +
                                 "; write e.g. \"10m\", \"1h30m\" or \"300ms\" (units ns, us, ms, s, m, h)");
  }
  return std::chrono::nanoseconds(static_cast<std::int64_t>(nanos));
}

std::string format_rfc3339_utc(std::chrono::system_clock::time_point when) {
  using namespace std::chrono;
  const auto seconds = floor<std::chrono::seconds>(when);
  const auto day = floor<days>(seconds);
  const year_month_day date{day};
  const hh_mm_ss<std::chrono::seconds> time{seconds - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(date.year()),
                static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                static_cast<int>(time.seconds().count()));
  return text;
}

}  // namespace ferry::pipeline
