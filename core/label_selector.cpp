#include "core/label_selector.h"

#include <algorithm>
#include <array>
#include <utility>

namespace ferry {
namespace {

constexpr std::array<std::pair<const char*, LabelOperator>, 4> kOperators = {{
    {"In", LabelOperator::in},
    {"NotIn", LabelOperator::not_in},
    {"Exists", LabelOperator::exists},
    {"DoesNotExist", LabelOperator::does_not_exist},
}};

std::string join(const std::vector<std::string>& words, const std::string& separator) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : separator) + word;
  return text;
}

}  // namespace

const char* operator_name(LabelOperator op) {
  for (const auto& [spelling, each] : kOperators) {
    if (each == op) return spelling;
  }
  return "?";
}

bool matches(const LabelExpression& expression, const Labels& labels) {
  const auto found = labels.find(expression.key);
  const bool present = found != labels.end();
  const auto listed = [&] {
    return std::find(expression.values.begin(), expression.values.end(), found->second) !=
           expression.values.end();
  };
  switch (expression.op) {
    case LabelOperator::in:
      return present && listed();
    case LabelOperator::not_in:
      return !present || !listed();
    case LabelOperator::exists:
      return present;
    case LabelOperator::does_not_exist:
      return !present;
  }
  return false;
}

bool matches(const LabelSelector& selector, const Labels& labels) {
  for (const auto& [key, value] : selector.match_labels) {
    const auto found = labels.find(key);
    if (found == labels.end() || found->second != value) return false;
  }
  return std::all_of(selector.match_expressions.begin(), selector.match_expressions.end(),
                     [&](const LabelExpression& e) { return matches(e, labels); });
}

std::string to_string(const LabelExpression& expression) {
  switch (expression.op) {
    case LabelOperator::in:
      return expression.key + " in (" + join(expression.values, ",") + ")";
    case LabelOperator::not_in:
      return expression.key + " notin (" + join(expression.values, ",") + ")";
    case LabelOperator::exists:
      return expression.key;
    case LabelOperator::does_not_exist:
      return "!" + expression.key;
  }
  return expression.key;
}

std::string to_string(const LabelSelector& selector) {
  std::vector<std::string> parts;
  for (const auto& [key, value] : selector.match_labels) parts.push_back(key + "=" + value);
  for (const LabelExpression& e : selector.match_expressions) parts.push_back(to_string(e));
  return parts.empty() ? "<empty>" : join(parts, ",");
}

}  // namespace ferry
