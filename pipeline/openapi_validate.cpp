#include "pipeline/openapi_validate.h"

#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "core/message_text.h"

namespace ferry::pipeline {

namespace {

// YAML 1.1's integer and float forms, scanned by hand: libstdc++'s std::regex executor recurses once per
// character, so a plain scalar of some 50,000 digits in a request overflowed the stack
// (tests/fuzz/regressions/openapi/long-digit-scalar.yaml).
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_octal_digit(char c) {
  return c >= '0' && c <= '7';
}
bool is_hex_digit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool all_digits(std::string_view text, bool (*digit)(char)) {
  return !text.empty() && std::all_of(text.begin(), text.end(), digit);
}

std::string_view without_sign(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
  return text;
}

// [-+]?(0|[1-9][0-9]*|0x[0-9a-fA-F]+|0o[0-7]+)
bool is_integer_text(std::string_view text) {
  const std::string_view digits = without_sign(text);
  if (digits == "0") return true;
  if (digits.starts_with("0x")) return all_digits(digits.substr(2), is_hex_digit);
  if (digits.starts_with("0o")) return all_digits(digits.substr(2), is_octal_digit);
  return !digits.starts_with("0") && all_digits(digits, is_digit);
}

std::size_t count_digits(std::string_view text, std::size_t from) {
  std::size_t end = from;
  while (end < text.size() && is_digit(text[end])) ++end;
  return end - from;
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? | [-+]?\.(inf|Inf|INF) | \.(nan|NaN|NAN)
bool is_float_text(std::string_view text) {
  if (text == ".nan" || text == ".NaN" || text == ".NAN") return true;
  const std::string_view number = without_sign(text);
  if (number == ".inf" || number == ".Inf" || number == ".INF") return true;
  const std::size_t whole = count_digits(number, 0);
  std::size_t at = whole;
  std::size_t fraction = 0;
  if (at < number.size() && number[at] == '.') {
    fraction = count_digits(number, at + 1);
    at += 1 + fraction;
  }
  if (whole == 0 && fraction == 0) return false;
  if (at < number.size() && (number[at] == 'e' || number[at] == 'E')) {
    const std::size_t sign =
        at + 1 < number.size() && (number[at + 1] == '-' || number[at + 1] == '+') ? 1 : 0;
    const std::size_t exponent = count_digits(number, at + 1 + sign);
    if (exponent == 0) return false;
    at += 1 + sign + exponent;
  }
  return at == number.size();
}

bool is_boolean_text(const std::string& text) {
  static const std::set<std::string> words = {"true", "True", "TRUE", "false", "False", "FALSE", "yes", "Yes",
                                              "YES",  "no",   "No",   "NO",    "on",    "On",    "ON",  "off",
                                              "Off",  "OFF",  "y",    "Y",     "n",     "N"};
  return words.contains(text);
}

std::string found_text(const YAML::Node& node) {
  if (!node.IsScalar()) return describe_node_type(node);
  static const std::map<ScalarKind, std::string> kinds = {{ScalarKind::null, "null"},
                                                          {ScalarKind::boolean, "a boolean"},
                                                          {ScalarKind::integer, "an integer"},
                                                          {ScalarKind::number, "a number"},
                                                          {ScalarKind::string, "a string"}};
  const ScalarKind kind = classify_scalar(node);
  return kind == ScalarKind::null ? "null" : kinds.at(kind) + " " + quoted_value(node.Scalar());
}

// Walks one node against one schema, collecting every problem.
class Validator {
 public:
  explicit Validator(const std::string& file) : file_(file) {}

  void check(const Schema& schema, const YAML::Node& node, const std::string& path) {
    if (node.IsNull() || (node.IsScalar() && classify_scalar(node) == ScalarKind::null)) {
      if (!schema.nullable && schema.type != SchemaType::any) report(node, path, "must not be null");
      return;
    }
    if (!type_matches(schema.type, node)) {
      report(node, path, "must be " + article(schema.type) + ", found " + found_text(node));
      return;
    }
    if (node.IsMap()) check_object(schema, node, path);
    if (node.IsSequence()) check_array(schema, node, path);
    if (node.IsScalar()) check_scalar(schema, node, path);
  }

  std::vector<Error> errors;

 private:
  static std::string article(SchemaType type) {
    const std::string name = type_name(type);
    return (name == "object" || name == "array" || name == "integer" ? "an " : "a ") + name;
  }

  static bool type_matches(SchemaType type, const YAML::Node& node) {
    switch (type) {
      case SchemaType::any:
        return true;
      case SchemaType::object:
        return node.IsMap();
      case SchemaType::array:
        return node.IsSequence();
      default:
        break;
    }
    if (!node.IsScalar()) return false;
    const ScalarKind kind = classify_scalar(node);
    if (type == SchemaType::string) return kind == ScalarKind::string;
    if (type == SchemaType::boolean) return kind == ScalarKind::boolean;
    if (type == SchemaType::integer) return kind == ScalarKind::integer;
    return kind == ScalarKind::integer || kind == ScalarKind::number;
  }

  void check_object(const Schema& schema, const YAML::Node& node, const std::string& path) {
    for (const std::string& name : schema.required) {
      if (!child(node, name.c_str()).IsDefined())
        report(node, path, "missing required field \"" + name + "\"");
    }
    for (const auto& entry : node) {
      const std::string key = entry.first.Scalar();
      const std::string field_path = path.empty() ? shortened(key) : path + "." + shortened(key);
      if (path.empty() && (key == "apiVersion" || key == "kind" || key == "metadata")) continue;
      if (const auto property = schema.properties.find(key); property != schema.properties.end()) {
        check(property->second, entry.second, field_path);
      } else if (schema.additional_properties) {
        check(*schema.additional_properties, entry.second, field_path);
      } else if (!schema.preserve_unknown_fields &&
                 !(schema.type == SchemaType::any && schema.properties.empty())) {
        report(entry.first, field_path, "unknown field (the Promise's schema does not declare it)");
      }
    }
  }

  void check_array(const Schema& schema, const YAML::Node& node, const std::string& path) {
    const auto size = static_cast<long long>(node.size());
    if (schema.min_items && size < *schema.min_items) {
      report(node, path,
             "must have at least " + std::to_string(*schema.min_items) + " items, found " +
                 std::to_string(size));
    }
    if (schema.max_items && size > *schema.max_items) {
      report(
          node, path,
          "must have at most " + std::to_string(*schema.max_items) + " items, found " + std::to_string(size));
    }
    if (!schema.items) return;
    for (std::size_t i = 0; i < node.size(); ++i)
      check(*schema.items, node[i], path + "[" + std::to_string(i) + "]");
  }

  void check_scalar(const Schema& schema, const YAML::Node& node, const std::string& path) {
    const std::string& text = node.Scalar();
    if (!schema.enum_values.empty() &&
        std::find(schema.enum_values.begin(), schema.enum_values.end(), text) == schema.enum_values.end()) {
      std::string options;
      for (const auto& option : schema.enum_values) options += (options.empty() ? "" : ", ") + option;
      report(node, path, "must be one of " + options + "; found " + quoted_value(text));
    }
    if (classify_scalar(node) == ScalarKind::string) check_string(schema, node, path);
    if (schema.type == SchemaType::integer || schema.type == SchemaType::number)
      check_bounds(schema, node, path);
  }

  void check_string(const Schema& schema, const YAML::Node& node, const std::string& path) {
    const auto length = static_cast<long long>(node.Scalar().size());
    if (schema.min_length && length < *schema.min_length) {
      report(node, path, "must be at least " + std::to_string(*schema.min_length) + " characters long");
    }
    if (schema.max_length && length > *schema.max_length) {
      report(node, path, "must be at most " + std::to_string(*schema.max_length) + " characters long");
    }
    if (schema.pattern) check_pattern(*schema.pattern, node, path);
  }

  void check_pattern(const std::string& pattern, const YAML::Node& node, const std::string& path) {
    const std::string& text = node.Scalar();
    if (!matches_pattern(pattern, text)) {
      report(node, path, "must match the pattern " + pattern + ", found " + quoted_value(text));
    }
  }

  // RE2, as Kubernetes validates `pattern` with Go's regexp (the same syntax): linear in the text, so no
  // pattern makes a request take hours ((a+)+$ did under std::regex's backtracking) and no long text
  // overflows the stack (std::regex recursed once per character).
  static bool matches_pattern(const std::string& pattern, const std::string& text) {
    RE2::Options options;
    options.set_log_errors(false);
    const RE2 compiled(pattern, options);
    // An invalid pattern matches nothing; parse_schema keeps the text for the message.
    return compiled.ok() && RE2::PartialMatch(text, compiled);
  }

  // yaml-cpp reads 0x/0o integers as long long but not as double.
  static std::optional<double> numeric_value(const YAML::Node& node) {
    long long integer = 0;
    if (YAML::convert<long long>::decode(node, integer)) return static_cast<double>(integer);
    double number = 0;
    if (YAML::convert<double>::decode(node, number)) return number;
    return std::nullopt;
  }

  void check_bounds(const Schema& schema, const YAML::Node& node, const std::string& path) {
    const std::optional<double> parsed = numeric_value(node);
    if (!parsed) return;
    const double value = *parsed;
    if (schema.minimum &&
        (value < *schema.minimum || (schema.exclusive_minimum && value == *schema.minimum))) {
      report(node, path,
             std::string("must be ") + (schema.exclusive_minimum ? "greater than " : "at least ") +
                 YAML::Node(*schema.minimum).Scalar() + ", found " + shortened(node.Scalar()));
    }
    if (schema.maximum &&
        (value > *schema.maximum || (schema.exclusive_maximum && value == *schema.maximum))) {
      report(node, path,
             std::string("must be ") + (schema.exclusive_maximum ? "less than " : "at most ") +
                 YAML::Node(*schema.maximum).Scalar() + ", found " + shortened(node.Scalar()));
    }
  }

  void report(const YAML::Node& node, const std::string& path, const std::string& message) {
    errors.push_back(make_error(location_of(node, file_), (path.empty() ? "" : path + ": ") + message));
  }

  const std::string& file_;
};

void fill_defaults(const Schema& schema, YAML::Node node) {
  if (node.IsMap()) {
    for (const auto& [name, property] : schema.properties) {
      YAML::Node value = child(node, name.c_str());
      if (!value.IsDefined() && property.default_yaml) {
        node[name] = YAML::Load(*property.default_yaml);
      } else if (value.IsDefined()) {
        fill_defaults(property, node[name]);
      }
    }
  }
  if (node.IsSequence() && schema.items) {
    for (std::size_t i = 0; i < node.size(); ++i) fill_defaults(*schema.items, node[i]);
  }
}

}  // namespace

ScalarKind classify_scalar(const YAML::Node& scalar) {
  if (scalar.Tag() == "!") return ScalarKind::string;  // quoted: always a string
  const std::string& text = scalar.Scalar();
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL")
    return ScalarKind::null;
  if (is_boolean_text(text)) return ScalarKind::boolean;
  if (is_integer_text(text)) return ScalarKind::integer;
  if (is_float_text(text)) return ScalarKind::number;
  return ScalarKind::string;
}

std::vector<Error> validate_object(const Schema& root, const YAML::Node& object, const std::string& file) {
  Validator validator(file);
  validator.check(root, object, "");
  return std::move(validator.errors);
}

YAML::Node apply_defaults(const Schema& root, const YAML::Node& object) {
  YAML::Node copy = YAML::Clone(object);
  fill_defaults(root, copy);
  return copy;
}

}  // namespace ferry::pipeline
