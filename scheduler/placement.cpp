#include "scheduler/placement.h"

#include <algorithm>

#include "core/stable_hash.h"

namespace ferry::scheduler {
namespace {

std::uint64_t rendezvous_score(const std::string& key, const std::string& destination) {
  std::string seed = key;
  seed.push_back('\0');
  seed += destination;
  return stable_hash(seed);
}

std::string explain_no_match(const Selector& selector, const std::vector<Destination>& all) {
  if (all.empty()) return "no Destinations are declared";
  if (selector.empty()) {
    return "no Destination takes a group with an empty selector: all " + std::to_string(all.size()) +
           " have strictMatchLabels and labels";
  }
  return "no Destination matches " + to_string(selector) + " (" + std::to_string(all.size()) +
         " Destinations checked)";
}

}  // namespace

std::vector<const Destination*> candidates(const Selector& selector, const std::vector<Destination>& all) {
  std::vector<const Destination*> found;
  for (const Destination& d : all) {
    if (selector.empty() && d.strict_match_labels && !d.labels.empty()) continue;
    if (matches(selector, d.labels)) found.push_back(&d);
  }
  return found;
}

Placement place(const GroupToPlace& group, const std::vector<Destination>& destinations) {
  const std::vector<const Destination*> eligible = candidates(group.selector, destinations);
  Placement placement;
  if (eligible.empty()) {
    placement.pending_reason = explain_no_match(group.selector, destinations);
    return placement;
  }
  if (group.cardinality == Cardinality::every_match) {
    for (const Destination* d : eligible) placement.destinations.push_back(d->name);
    std::sort(placement.destinations.begin(), placement.destinations.end());
    return placement;
  }
  // Highest score wins; the name breaks the (astronomically unlikely) tie so the order never matters.
  const Destination* best = *std::max_element(eligible.begin(), eligible.end(), [&](auto* a, auto* b) {
    const auto sa = rendezvous_score(group.key, a->name), sb = rendezvous_score(group.key, b->name);
    return sa != sb ? sa < sb : a->name > b->name;
  });
  placement.destinations.push_back(best->name);
  return placement;
}

}  // namespace ferry::scheduler
