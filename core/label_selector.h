// Kubernetes label selectors: matchLabels plus matchExpressions (In, NotIn, Exists, DoesNotExist), shared
// by the model (pipeline/: Promise destinationSelectors, destination-selectors.yaml) and the scheduler
// (policies, Locations). Every part of a selector must hold (AND); an empty selector matches everything.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/labels.h"
#include "core/yaml_document.h"

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

// Reads `map[key]` as a matchExpressions list; absent or null means none. `path` names the list in
// messages ("spec.destinationSelectors[0].matchExpressions"). Unknown keys in an entry, unknown
// operators and values that contradict the operator are refused at their own node.
Result<std::vector<LabelExpression>> optional_label_expressions(const YAML::Node& map, const char* key,
                                                                const std::string& path,
                                                                const std::string& file);

// Reads a selector map {matchLabels, matchExpressions}; `path` is the map's dotted name. Keys other than
// these two are refused unless listed in `other_keys` (the caller reads those, e.g. "directory"). Label keys
// and values must follow the Kubernetes rules (core/kubernetes_names.h), as the API server requires of a
// LabelSelector; a bad one is refused at its node.
Result<LabelSelector> parse_label_selector(const YAML::Node& node, const std::string& path,
                                           const std::string& file,
                                           const std::vector<std::string>& other_keys = {});

}  // namespace ferry
