// The readers of label_selector_parser.h: a selector's and each expression's keys checked against their
// tables of fields (core/known_fields.h), operators and their values, each error at its own node.
#include "core/label_selector_parser.h"

#include <array>

#include "core/known_fields.h"
#include "core/kubernetes_names.h"

namespace ferry {
namespace {

constexpr std::array<LabelOperator, 6> kSpelledOperators = {
    LabelOperator::in,           LabelOperator::not_in,
    LabelOperator::exists,       LabelOperator::does_not_exist,
    LabelOperator::greater_than, LabelOperator::less_than};

// metav1.LabelSelectorRequirement: one entry of matchExpressions.
const FieldTable& expression_fields() {
  static const FieldTable table{{{"key"}, {"operator"}, {"values"}}};
  return table;
}

// metav1.LabelSelector, and the keys the caller reads beside it (their names live as long as the call).
FieldTable selector_fields(const std::vector<std::string>& other_keys) {
  FieldTable table{{{"matchLabels"}, {"matchExpressions"}}};
  for (const std::string& key : other_keys) table.fields.push_back({key.c_str()});
  return table;
}

bool takes_values(LabelOperator op) {
  return op == LabelOperator::in || op == LabelOperator::not_in;
}

bool compares(LabelOperator op) {
  return op == LabelOperator::greater_than || op == LabelOperator::less_than;
}

// Gt/Lt (Kubernetes node affinity): exactly one value, a decimal integer; each error at its own node.
Status check_one_integer(const YAML::Node& entry, const LabelExpression& expression, const std::string& path,
                         const std::string& file) {
  const std::string named = std::string("operator ") + operator_name(expression.op);
  if (expression.values.size() != 1) {
    const YAML::Node values = child(entry, "values");
    return make_error(location_of(values ? values : entry, file),
                      "\"" + path + ".values\" must hold exactly one value, an integer, for " + named +
                          "; found " + std::to_string(expression.values.size()));
  }
  if (parse_label_integer(expression.values[0])) return ok();
  return make_error(location_of(entry["values"][0], file),
                    "\"" + path + ".values[0]\" must be an integer for " + named + ", found \"" +
                        expression.values[0] + "\"");
}

Result<LabelOperator> parse_operator(const YAML::Node& entry, const std::string& path,
                                     const std::string& file) {
  auto name = required_string(entry, "operator", path + ".operator", file);
  if (!name) return name.error();
  for (LabelOperator op : kSpelledOperators) {
    if (*name == operator_name(op)) return op;
  }
  return make_error(location_of(entry["operator"], file),
                    "unknown operator \"" + *name + "\" in \"" + path +
                        ".operator\"; use In, NotIn, Exists, DoesNotExist, Gt or Lt");
}

Result<LabelExpression> parse_expression(const YAML::Node& entry, const std::string& path,
                                         const std::string& file) {
  if (!entry.IsMap()) {
    return make_error(location_of(entry, file), "\"" + path +
                                                    "\" must be a map with \"key\", \"operator\" and "
                                                    "\"values\", found " +
                                                    describe_node_type(entry));
  }
  if (Status known = check_known_fields(entry, expression_fields(), path, file); !known) return known.error();
  LabelExpression expression;
  auto key = required_string(entry, "key", path + ".key", file);
  if (!key) return key.error();
  expression.key = *key;
  auto op = parse_operator(entry, path, file);
  if (!op) return op.error();
  expression.op = *op;
  auto values = optional_strings(entry, "values", path + ".values", file);
  if (!values) return values.error();
  expression.values = std::move(*values);
  if (compares(expression.op)) {
    if (Status checked = check_one_integer(entry, expression, path, file); !checked) return checked.error();
    return expression;
  }
  const std::string named = std::string("operator ") + operator_name(expression.op);
  if (takes_values(expression.op) && expression.values.empty()) {
    return make_error(location_of(entry, file),
                      "\"" + path + ".values\" must list at least one value for " + named);
  }
  if (!takes_values(expression.op) && !expression.values.empty()) {
    return make_error(location_of(entry["values"], file),
                      "\"" + path + ".values\" must be empty for " + named + ": remove the values");
  }
  return expression;
}

}  // namespace

Result<std::vector<LabelExpression>> optional_label_expressions(const YAML::Node& map, const char* key,
                                                                const std::string& path,
                                                                const std::string& file) {
  const YAML::Node list = child(map, key);
  std::vector<LabelExpression> expressions;
  if (!list || list.IsNull()) return expressions;
  if (!list.IsSequence()) {
    return make_error(location_of(list, file),
                      "\"" + path + "\" must be a list, found " + describe_node_type(list));
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    auto expression = parse_expression(list[i], path + "[" + std::to_string(i) + "]", file);
    if (!expression) return expression.error();
    expressions.push_back(std::move(*expression));
  }
  return expressions;
}

Result<LabelSelector> parse_label_selector(const YAML::Node& node, const std::string& path,
                                           const std::string& file,
                                           const std::vector<std::string>& other_keys) {
  if (!node.IsMap()) {
    return make_error(location_of(node, file), "\"" + path +
                                                   "\" must be a map with \"matchLabels\" and/or "
                                                   "\"matchExpressions\", found " +
                                                   describe_node_type(node));
  }
  if (Status known = check_known_fields(node, selector_fields(other_keys), path, file); !known)
    return known.error();
  LabelSelector selector;
  auto labels = optional_labels(node, "matchLabels", path + ".matchLabels", file);
  if (!labels) return labels.error();
  if (Status valid = check_labels(child(node, "matchLabels"), path + ".matchLabels", file); !valid)
    return valid.error();
  selector.match_labels = std::move(*labels);
  auto expressions = optional_label_expressions(node, "matchExpressions", path + ".matchExpressions", file);
  if (!expressions) return expressions.error();
  if (Status valid =
          check_label_expressions(child(node, "matchExpressions"), path + ".matchExpressions", file);
      !valid)
    return valid.error();
  selector.match_expressions = std::move(*expressions);
  return selector;
}

}  // namespace ferry
