#include "core/label_selector.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

namespace ferry {
namespace {

constexpr std::array<std::pair<const char*, LabelOperator>, 6> kOperators = {{
    {"In", LabelOperator::in},
    {"NotIn", LabelOperator::not_in},
    {"Exists", LabelOperator::exists},
    {"DoesNotExist", LabelOperator::does_not_exist},
    {"Gt", LabelOperator::greater_than},
    {"Lt", LabelOperator::less_than},
}};

// Gt/Lt: both the label's value and the expression's one value must be integers.
bool compares(const LabelExpression& expression, const std::string& label_value) {
  const auto actual = parse_label_integer(label_value);
  const auto bound = expression.values.size() == 1 ? parse_label_integer(expression.values[0]) : std::nullopt;
  if (!actual || !bound) return false;
  return expression.op == LabelOperator::greater_than ? *actual > *bound : *actual < *bound;
}

std::string join(const std::vector<std::string>& words, const std::string& separator) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : separator) + word;
  return text;
}

}  // namespace

std::optional<std::int64_t> parse_label_integer(std::string_view text) {
  const bool plus = text.starts_with('+');
  if (plus) text.remove_prefix(1);
  if (text.empty() || (plus && text.starts_with('-'))) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

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
    case LabelOperator::greater_than:
    case LabelOperator::less_than:
      return present && compares(expression, found->second);
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
    case LabelOperator::greater_than:
      return expression.key + ">" + join(expression.values, ",");
    case LabelOperator::less_than:
      return expression.key + "<" + join(expression.values, ",");
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
