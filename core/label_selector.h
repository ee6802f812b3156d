// Kubernetes label selectors: matchLabels plus matchExpressions (In, NotIn, Exists, DoesNotExist), shared
// by the model (pipeline/: Promise destinationSelectors, destination-selectors.yaml) and the scheduler
// (policies, Locations). Every part of a selector must hold (AND); an empty selector matches everything.
// Plain values: their YAML reader is core/label_selector_parser.h.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/labels.h"

namespace ferry {

enum class LabelOperator { in, not_in, exists, does_not_exist };

// One matchExpressions entry. In/NotIn have at least one value; Exists/DoesNotExist have none.
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

// Kubernetes semantics: NotIn and DoesNotExist also hold when the key is absent.
bool matches(const LabelExpression& expression, const Labels& labels);
bool matches(const LabelSelector& selector, const Labels& labels);

// "env in (a,b)", "env notin (a)", "gpu", "!gpu" (the kubectl forms).
std::string to_string(const LabelExpression& expression);
// "env=dev,zone in (eu,us)"; "<empty>" for the empty selector.
std::string to_string(const LabelSelector& selector);

// The spelling in YAML: "In", "NotIn", "Exists", "DoesNotExist".
const char* operator_name(LabelOperator op);

}  // namespace ferry
