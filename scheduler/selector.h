// Label selectors and Kratix's precedence rules (reference §3.1, seeds 000 and 001).
#pragma once

#include <string>
#include <vector>

#include "core/labels.h"

namespace ferry::scheduler {

// Where a selector entry came from. Order matters: on a conflicting key a later source wins.
enum class SelectorSource { resource_workflow, promise_workflow, promise };

struct SelectorTerm {
  Labels match_labels;
  SelectorSource source;
};

// Every requirement must hold. Two requirements on one key with different values never match (the older
// API merges its selectors without overwriting keys: seed 000, footnote 1).
struct Requirement {
  std::string key;
  std::string value;
  bool operator==(const Requirement&) const = default;
};
using Selector = std::vector<Requirement>;

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
