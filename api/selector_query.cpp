// parse_selector_query (selector_query.h): requirements split at the commas outside parentheses, each
// read by its operator.
#include "api/selector_query.h"

#include <algorithm>
#include <vector>

namespace ferry::api {
namespace {

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

Result<std::vector<std::string>> requirements_of(const std::string& text) {
  std::vector<std::string> parts;
  std::string current;
  int depth = 0;
  for (char c : text) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth < 0 || depth > 1) return make_error("unable to parse requirement: unbalanced parentheses");
    if (c == ',' && depth == 0) {
      parts.push_back(trimmed(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (depth != 0)
    return make_error("unable to parse requirement: \"" + trimmed(current) + "\": missing \")\"");
  parts.push_back(trimmed(current));
  return parts;
}

bool valid_key(const std::string& key) {
  if (key.empty() || key.size() > 316) return false;
  for (char c : key) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!word && c != '-' && c != '_' && c != '.' && c != '/') return false;
  }
  return true;
}

Error bad(const std::string& requirement, const std::string& why) {
  return make_error("unable to parse requirement: \"" + requirement + "\": " + why);
}

// `key in (a,b)` / `key notin (a,b)`: `rest` is what follows the key.
Result<LabelExpression> set_requirement(const std::string& key, const std::string& rest,
                                        const std::string& requirement) {
  const std::size_t open = rest.find('(');
  const std::string word = trimmed(rest.substr(0, open == std::string::npos ? rest.size() : open));
  if ((word != "in" && word != "notin") || open == std::string::npos || rest.back() != ')') {
    return bad(requirement, "expected in (...) or notin (...)");
  }
  LabelExpression expression{key, word == "in" ? LabelOperator::in : LabelOperator::not_in};
  const std::string values = rest.substr(open + 1, rest.size() - open - 2);
  for (std::size_t start = 0; start <= values.size();) {
    const std::size_t comma = std::min(values.find(',', start), values.size());
    expression.values.push_back(trimmed(values.substr(start, comma - start)));
    start = comma + 1;
  }
  return expression;
}

Status add_requirement(const std::string& requirement, LabelSelector& selector) {
  if (requirement.empty()) return bad(requirement, "empty requirement");
  if (requirement.front() == '!') {
    const std::string key = trimmed(requirement.substr(1));
    if (!valid_key(key)) return bad(requirement, "invalid label key");
    selector.match_expressions.push_back({key, LabelOperator::does_not_exist});
    return ok();
  }
  const std::size_t key_end = std::min(requirement.find_first_of("=! ("), requirement.size());
  const std::string key = requirement.substr(0, key_end);
  if (!valid_key(key)) return bad(requirement, "invalid label key");
  const std::string rest = trimmed(requirement.substr(key_end));
  if (rest.empty()) {
    selector.match_expressions.push_back({key, LabelOperator::exists});
    return ok();
  }
  if (rest.front() != '=' && rest.front() != '!') {
    auto expression = set_requirement(key, rest, requirement);
    if (!expression) return expression.error();
    selector.match_expressions.push_back(std::move(*expression));
    return ok();
  }
  const bool negated = rest.front() == '!';
  if (negated && !rest.starts_with("!=")) return bad(requirement, "expected !=");
  const std::string value = trimmed(rest.substr(negated || rest.starts_with("==") ? 2 : 1));
  selector.match_expressions.push_back({key, negated ? LabelOperator::not_in : LabelOperator::in, {value}});
  return ok();
}

}  // namespace

Result<LabelSelector> parse_selector_query(const std::string& text) {
  LabelSelector selector;
  if (trimmed(text).empty()) return selector;
  auto requirements = requirements_of(text);
  if (!requirements) return requirements.error();
  for (const std::string& requirement : *requirements) {
    if (Status added = add_requirement(requirement, selector); !added) return added.error();
  }
  return selector;
}

}  // namespace ferry::api
