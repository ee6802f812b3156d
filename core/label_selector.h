// Kubernetes label selectors: matchLabels plus matchExpressions (In, NotIn, Exists, DoesNotExist, and Gt/Lt
// of node affinity, which Crossplane's cluster selectors build on: seed 002), shared
// by the model (pipeline/: Promise destinationSelectors, destination-selectors.yaml) and the scheduler
// (policies, Locations). Every part of a selector must hold (AND); an empty selector matches everything.
// Plain values: their YAML reader is core/label_selector_parser.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/labels.h"

namespace ferry {

enum class LabelOperator { in, not_in, exists, does_not_exist, greater_than, less_than };

// One matchExpressions entry. In/NotIn have at least one value; Exists/DoesNotExist have none; Gt/Lt have
// exactly one, an integer (Kubernetes node affinity).
struct LabelExpression {
  std::string key;
  LabelOperator op = LabelOperator::in;
  std::vector<std::string> values = {};
  bool operator==(const LabelExpression&) const = default;
};

struct LabelSelector {
  Labels match_labels = {};
  std::vector<LabelExpression> match_expressions = {};
  bool empty() const { return match_labels.empty() && match_expressions.empty(); }
  bool operator==(const LabelSelector&) const = default;
};

// Kubernetes semantics: NotIn and DoesNotExist also hold when the key is absent; Gt and Lt hold only when
// the label is present and its value is an integer greater (less) than the expression's value.
bool matches(const LabelExpression& expression, const Labels& labels);
bool matches(const LabelSelector& selector, const Labels& labels);

// A decimal integer as Kubernetes reads one for Gt/Lt (Go's strconv.ParseInt base 10: an optional sign,
// then digits, within 64 bits); nullopt for anything else.
std::optional<std::int64_t> parse_label_integer(std::string_view text);

// "env in (a,b)", "env notin (a)", "gpu", "!gpu", "cpus>4", "cpus<64" (the kubectl forms).
std::string to_string(const LabelExpression& expression);
// "env=dev,zone in (eu,us)"; "<empty>" for the empty selector.
std::string to_string(const LabelSelector& selector);

// The spelling in YAML: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt".
const char* operator_name(LabelOperator op);

}  // namespace ferry
