#include "core/kubernetes_names.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/message_text.h"

namespace ferry {
namespace {

bool is_lower_alphanumeric(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}
bool is_alphanumeric(char c) {
  return is_lower_alphanumeric(c) || (c >= 'A' && c <= 'Z');
}
bool is_subdomain_character(char c) {
  return is_lower_alphanumeric(c) || c == '-' || c == '.';
}
bool is_dns_label_character(char c) {
  return is_lower_alphanumeric(c) || c == '-';
}
bool is_qualified_name_character(char c) {
  return is_alphanumeric(c) || c == '-' || c == '_' || c == '.';
}

// The shape of one kind of name: its length, its characters, and whether it is made of parts between dots
// that each start and end with a letter or digit (a subdomain).
struct Shape {
  std::size_t max_length;
  bool (*allowed)(char);
  bool dot_parts;
  bool may_be_empty;
};
constexpr Shape kSubdomain{253, is_subdomain_character, true, false};
constexpr Shape kRequestName{63, is_subdomain_character, true, false};
constexpr Shape kDnsLabel{63, is_dns_label_character, false, false};
constexpr Shape kQualifiedName{63, is_qualified_name_character, false, false};
constexpr Shape kLabelValue{63, is_qualified_name_character, false, true};

std::string describe_character(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (c == ' ') return "a space";
  if (byte >= 0x80) return "a non-ASCII character";
  if (byte < 0x20 || byte == 0x7F) {
    char escaped[8];
    std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
    return std::string("the control character ") + escaped;
  }
  return std::string("'") + c + "'";
}

// What is wrong with `text`, without a subject: "contains 'C'", "has 254 characters".
std::optional<std::string> shape_problem(std::string_view text, const Shape& shape) {
  if (text.empty()) return shape.may_be_empty ? std::nullopt : std::optional<std::string>("is empty");
  const auto bad = std::find_if_not(text.begin(), text.end(), shape.allowed);
  if (bad != text.end()) return "contains " + describe_character(*bad);
  if (text.size() > shape.max_length) return "has " + std::to_string(text.size()) + " characters";
  if (!is_alphanumeric(text.front())) return "starts with " + describe_character(text.front());
  if (!is_alphanumeric(text.back())) return "ends with " + describe_character(text.back());
  for (std::size_t i = 1; shape.dot_parts && i + 1 < text.size(); ++i) {
    if (text[i] != '.') continue;
    if (!is_alphanumeric(text[i - 1])) return "has \"" + std::string(text.substr(i - 1, 2)) + "\"";
    if (!is_alphanumeric(text[i + 1])) return "has \"" + std::string(text.substr(i, 2)) + "\"";
  }
  return std::nullopt;
}

std::optional<std::string> with_subject(const char* subject, std::optional<std::string> problem) {
  if (!problem) return std::nullopt;
  return subject + *problem;
}

// [prefix/]name: the prefix an object name, the name a qualified name.
std::optional<std::string> label_key_problem(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return with_subject("it ", shape_problem(text, kQualifiedName));
  if (auto problem = shape_problem(text.substr(0, slash), kSubdomain)) return "its prefix " + *problem;
  return with_subject("its name ", shape_problem(text.substr(slash + 1), kQualifiedName));
}

// How each rule is named in messages, and what a valid name looks like.
struct RuleText {
  const char* noun;
  const char* advice;
};
const std::map<NameRule, RuleText>& rule_texts() {
  static const std::map<NameRule, RuleText> texts = {
      {NameRule::object_name,
       {"Kubernetes object name",
        "at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and ending "
        "with a letter or digit (an RFC 1123 subdomain)"}},
      {NameRule::request_name,
       {"request name",
        "at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with "
        "a letter or digit (an RFC 1123 subdomain, which Kratix limits to 63 characters for requests)"}},
      {NameRule::pipeline_name,
       {"pipeline name",
        "at most 63 lower-case letters, digits, '-' and '.', each part between dots starting and ending with "
        "a letter or digit (Kratix puts it in a Job's name and in the kratix.io/pipeline-name label)"}},
      {NameRule::namespace_name,
       {"namespace",
        "at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit (an RFC "
        "1123 label)"}},
      {NameRule::label_key,
       {"label key",
        "an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', "
        "starting and ending with a letter or digit"}},
      {NameRule::label_value,
       {"label value",
        "at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, or an "
        "empty value"}},
  };
  return texts;
}

}  // namespace

std::optional<std::string> name_problem(std::string_view text, NameRule rule) {
  switch (rule) {
    case NameRule::object_name:
      return with_subject("it ", shape_problem(text, kSubdomain));
    case NameRule::request_name:
    case NameRule::pipeline_name:
      return with_subject("it ", shape_problem(text, kRequestName));
    case NameRule::namespace_name:
      return with_subject("it ", shape_problem(text, kDnsLabel));
    case NameRule::label_key:
      return label_key_problem(text);
    case NameRule::label_value:
      return with_subject("it ", shape_problem(text, kLabelValue));
  }
  return std::nullopt;
}

std::string name_message(const std::string& what, std::string_view text, NameRule rule,
                         const std::string& problem) {
  const RuleText& rule_text = rule_texts().at(rule);
  return what + " " + quoted_value(text) + " is not a valid " + rule_text.noun + ": " + problem + "; use " +
         rule_text.advice;
}

Status check_name(const YAML::Node& node, NameRule rule, const std::string& path, const std::string& file) {
  if (!node.IsScalar()) return ok();
  const auto problem = name_problem(node.Scalar(), rule);
  if (!problem) return ok();
  return make_error(location_of(node, file), name_message("\"" + path + "\"", node.Scalar(), rule, *problem));
}

Status check_labels(const YAML::Node& map, const std::string& path, const std::string& file) {
  if (!map.IsMap()) return ok();
  for (const auto& entry : map) {
    if (!entry.first.IsScalar()) continue;
    const std::string& key = entry.first.Scalar();
    if (const auto problem = name_problem(key, NameRule::label_key)) {
      return make_error(location_of(entry.first, file),
                        name_message("\"" + path + "\" key", key, NameRule::label_key, *problem));
    }
    if (Status value = check_name(entry.second, NameRule::label_value, path + "." + key, file); !value)
      return value;
  }
  return ok();
}

Status check_label_expressions(const YAML::Node& list, const std::string& path, const std::string& file) {
  if (!list.IsSequence()) return ok();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string entry = path + "[" + std::to_string(i) + "]";
    if (Status key = check_name(child(list[i], "key"), NameRule::label_key, entry + ".key", file); !key)
      return key;
    // Gt/Lt take an integer, which need not be a label value ("-5"); the expression's reader checks it.
    const YAML::Node op = child(list[i], "operator");
    if (op && op.IsScalar() && (op.Scalar() == "Gt" || op.Scalar() == "Lt")) continue;
    const YAML::Node values = child(list[i], "values");
    for (std::size_t j = 0; values.IsSequence() && j < values.size(); ++j) {
      const std::string value_path = entry + ".values[" + std::to_string(j) + "]";
      if (Status value = check_name(values[j], NameRule::label_value, value_path, file); !value) return value;
    }
  }
  return ok();
}

}  // namespace ferry
