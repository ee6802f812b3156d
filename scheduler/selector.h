// Label selectors and Kratix's precedence rules (reference §3.1, seeds 000 and 001).
#pragma once

#include <string>
#include <vector>

#include "core/label_selector.h"
#include "core/labels.h"

namespace ferry::scheduler {

// Where a selector entry came from. Order matters: on a conflicting key a later source wins.
enum class SelectorSource { resource_workflow, promise_workflow, promise };

struct SelectorTerm {
  Labels match_labels;
  SelectorSource source;
};

// How a requirement tests a label. `equals` is Kratix's matchLabels; the others come from matchExpressions
// and Krake's label constraints (seed 003). In holds(), not_equals and not_in also hold when the key is
// absent (Kubernetes' NotIn); Krake's constraints are judged by label_constraint_holds()
// (scheduler/constraints.h), where a missing label fails every form. greater_than and less_than are
// matchExpressions' Gt and Lt: the label must be present and an integer (core/label_selector.h).
enum class Operator { equals, not_equals, in, not_in, exists, does_not_exist, greater_than, less_than };

// Every requirement must hold. Two requirements on one key with different values never match (the older
// API merges its selectors without overwriting keys: seed 000, footnote 1). Requirement{key, value} means
// key=value, so existing aggregate initialisations keep their meaning.
struct Requirement {
  std::string key;
  std::string value = {};  // equals, not_equals
  Operator op = Operator::equals;
  std::vector<std::string> values = {};  // in, not_in; greater_than and less_than: one integer
  bool operator==(const Requirement&) const = default;
};
using Selector = std::vector<Requirement>;

bool holds(const Requirement& requirement, const Labels& labels);

// "env=dev", "env!=dev", "env in (a,b)", "env notin (a,b)", "gpu", "!gpu", "cpus>4", "cpus<64".
std::string to_string(const Requirement& requirement);

// A matchExpressions entry, and a whole LabelSelector (matchLabels first, by key, then the expressions).
Requirement to_requirement(const LabelExpression& expression);
Selector to_selector(const LabelSelector& selector);

// Merges several entries of one source into one; the first entry wins on a conflicting key.
Labels squash(const std::vector<Labels>& entries);

// The current API: squash each source, then merge resource-workflow < promise-workflow < promise so the
// Promise's spec.destinationSelectors win.
Selector resolve_kratix(const std::vector<SelectorTerm>& terms);

// The older API (Cluster, clusterSelector, cluster-selectors.yaml): both sets AND-ed, nothing overwritten.
Selector merge_without_overwrite(const Labels& promise_selector, const Labels& pipeline_selector);

bool matches(const Selector& selector, const Labels& labels);

// "env=dev,zone=eu" (requirements in order); "<empty>" for the empty selector.
std::string to_string(const Selector& selector);

}  // namespace ferry::scheduler
