#include "pipeline/spec_json.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "core/md5.h"
#include "pipeline/resource_hash.h"

namespace ferry::pipeline {
namespace {

bool digits(std::string_view s, bool (*allowed)(char)) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!allowed(c)) return false;
  }
  return true;
}
bool is_dec(char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(char c) {
  return is_dec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool is_oct(char c) {
  return c >= '0' && c <= '7';
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool is_core_float(std::string_view s) {
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) s.remove_prefix(1);
  const std::size_t exp = s.find_first_of("eE");
  const std::string_view mantissa = s.substr(0, exp);
  if (exp != std::string_view::npos) {
    std::string_view power = s.substr(exp + 1);
    if (!power.empty() && (power[0] == '-' || power[0] == '+')) power.remove_prefix(1);
    if (!digits(power, is_dec)) return false;
  }
  const std::size_t dot = mantissa.find('.');
  if (dot == std::string_view::npos) return digits(mantissa, is_dec);
  const std::string_view whole = mantissa.substr(0, dot), fraction = mantissa.substr(dot + 1);
  if (whole.empty()) return digits(fraction, is_dec);
  return digits(whole, is_dec) && (fraction.empty() || digits(fraction, is_dec));
}

// Go's strconv.FormatFloat(f, 'f' or 'e', -1, 64) as encoding/json picks it, with its e-09 -> e-9 clean-up.
std::string go_float(double f) {
  if (f == 0) return std::signbit(f) ? "-0" : "0";
  char buffer[64];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, f, std::chars_format::scientific).ptr;
  std::string text(buffer, end);  // shortest round-trip digits: "-1.2345e+19", "1e-07"
  const double magnitude = std::fabs(f);
  if (magnitude < 1e-6 || magnitude >= 1e21) {
    const std::size_t n = text.size();
    if (text[n - 4] == 'e' && text[n - 3] == '-' && text[n - 2] == '0') text.erase(n - 2, 1);
    return text;
  }
  const bool negative = text[0] == '-';
  const std::size_t e = text.find('e');
  std::string mantissa = text.substr(negative ? 1 : 0, e - (negative ? 1 : 0));
  if (mantissa.size() > 1) mantissa.erase(1, 1);  // drop the '.': digits d1 d2 ... = d1.d2... * 10^exp
  const int exp = std::atoi(text.c_str() + e + 1);
  std::string out = negative ? "-" : "";
  if (exp < 0) return out + "0." + std::string(static_cast<std::size_t>(-exp - 1), '0') + mantissa;
  const auto whole = static_cast<std::size_t>(exp) + 1;
  if (mantissa.size() <= whole) return out + mantissa + std::string(whole - mantissa.size(), '0');
  return out + mantissa.substr(0, whole) + "." + mantissa.substr(whole);
}

// The base and digits of a core-schema integer ([-+]?[0-9]+, 0x[0-9a-fA-F]+, 0o[0-7]+); base 0 if none.
std::pair<int, std::string_view> integer_digits(std::string_view s) {
  if (s.size() > 2 && s[0] == '0' && s[1] == 'x' && digits(s.substr(2), is_hex)) return {16, s.substr(2)};
  if (s.size() > 2 && s[0] == '0' && s[1] == 'o' && digits(s.substr(2), is_oct)) return {8, s.substr(2)};
  const std::string_view body = !s.empty() && (s[0] == '-' || s[0] == '+') ? s.substr(1) : s;
  if (digits(body, is_dec)) return {10, body};
  return {0, {}};
}

// A plain scalar's JSON per the core schema, or nullopt for a string. (yaml-cpp already makes ~ and
// null nodes of type Null.)
std::optional<std::string> typed_json(const std::string& s) {
  if (s == "true" || s == "True" || s == "TRUE") return "true";
  if (s == "false" || s == "False" || s == "FALSE") return "false";
  const auto [base, number] = integer_digits(s);
  if (base == 0)
    return is_core_float(s) ? std::optional{go_float(std::strtod(s.c_str(), nullptr))} : std::nullopt;
  const bool negative = s[0] == '-';
  std::uint64_t value = 0;
  const auto parsed = std::from_chars(number.data(), number.data() + number.size(), value, base);
  const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  if (parsed.ec == std::errc() && value <= limit) {
    return value == 0 ? "0" : (negative ? "-" : "") + std::to_string(value);
  }
  if (base == 10) return go_float(std::strtod(s.c_str(), nullptr));  // Kubernetes: beyond int64 is float64
  return std::nullopt;
}

// Length of the valid UTF-8 sequence at s[i] (Go's utf8.DecodeRuneInString rules), 0 when invalid.
std::size_t utf8_length(std::string_view s, std::size_t i, char32_t& rune) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char b0 = byte(0);
  const std::size_t length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 2;
  if (b0 < 0xC2 || b0 > 0xF4 || i + length > s.size()) return 0;
  const unsigned char lo = b0 == 0xE0 ? 0xA0 : b0 == 0xF0 ? 0x90 : 0x80;
  const unsigned char hi = b0 == 0xED ? 0x9F : b0 == 0xF4 ? 0x8F : 0xBF;
  if (byte(1) < lo || byte(1) > hi) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(k) < 0x80 || byte(k) > 0xBF) return 0;
  }
  rune = b0 & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
  for (std::size_t k = 1; k < length; ++k) rune = (rune << 6) | (byte(k) & 0x3F);
  return length;
}

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&') {
        out += static_cast<char>(c);
      } else if (c == '"' || c == '\\') {
        out += {'\\', static_cast<char>(c)};
      } else if (c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
        out += {'\\', c == '\b' ? 'b' : c == '\f' ? 'f' : c == '\n' ? 'n' : c == '\r' ? 'r' : 't'};
      } else {
        out += {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 0xF]};
      }
      continue;
    }
    char32_t rune = 0;
    const std::size_t length = utf8_length(s, i, rune);
    if (length == 0) {
      out += "\\ufffd";
      ++i;
    } else {
      out += rune == 0x2028 ? "\\u2028" : rune == 0x2029 ? "\\u2029" : std::string(s.substr(i, length));
      i += length;
    }
  }
  out += '"';
}

void append_json(std::string& out, const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) {
    out += "null";
  } else if (node.IsScalar()) {
    const bool plain = node.Tag() != "!" && node.Tag() != "tag:yaml.org,2002:str";
    const std::optional<std::string> typed = plain ? typed_json(node.Scalar()) : std::nullopt;
    if (typed) {
      out += *typed;
    } else {
      append_json_string(out, node.Scalar());
    }
  } else if (node.IsSequence()) {
    out += '[';
    for (std::size_t i = 0; i < node.size(); ++i) {
      if (i > 0) out += ',';
      append_json(out, node[i]);
    }
    out += ']';
  } else {
    std::map<std::string, YAML::Node> sorted;  // byte order, as Go sorts map keys; the last duplicate wins
    for (const auto& entry : node) sorted.insert_or_assign(entry.first.Scalar(), entry.second);
    out += '{';
    for (const auto& [key, value] : sorted) {
      if (out.back() != '{') out += ',';
      append_json_string(out, key);
      out += ':';
      append_json(out, value);
    }
    out += '}';
  }
}

}  // namespace

std::string spec_json(const YAML::Node& spec) {
  std::string out;
  append_json(out, spec);
  return out;
}

std::string kratix_spec_hash(const YAML::Node& promise_spec) {
  return md5_hex(spec_json(promise_spec));
}

namespace {

std::string resource_hash(const std::string& promise_hash, const YAML::Node& request_spec, bool dry_run) {
  return kratix_resource_hash_of(promise_hash, md5_hex(spec_json(request_spec)), dry_run);
}

}  // namespace

std::string request_spec_md5(const YAML::Node& object) {
  return md5_hex(spec_json(object.IsMap() ? object["spec"] : YAML::Node()));
}

std::string kratix_spec_hash(const YAML::Node& promise_spec, const YAML::Node& request_spec, bool dry_run) {
  return resource_hash(kratix_spec_hash(promise_spec), request_spec, dry_run);
}

}  // namespace ferry::pipeline
