// Placing one output group on Destinations (reference §3.2, §3.3), deterministically: where Kratix picks
// at random, ferry picks by rendezvous hashing, so every machine makes the same choice and adding a
// Destination moves as few groups as possible. Pure: no I/O, no clock.
#pragma once

#include <string>
#include <vector>

#include "scheduler/destination.h"
#include "scheduler/selector.h"

namespace ferry::scheduler {

enum class Cardinality {
  every_match,  // Promise dependencies and promise-workflow output
  one,          // a resource request's group
};

struct GroupToPlace {
  std::string key;  // identifies the group across runs: "<ns>/<request>/<pipeline>/<group id>"
  Selector selector;
  Cardinality cardinality = Cardinality::one;
};

struct Placement {
  std::vector<std::string> destinations;  // names, sorted for every_match
  std::string pending_reason;             // set when nothing matched
  bool pending() const { return destinations.empty(); }
};

// Destinations that may take the group: the selector matches, and a strictMatchLabels Destination with
// labels is skipped when the selector is empty. In the given order.
std::vector<const Destination*> candidates(const Selector& selector, const std::vector<Destination>& all);

Placement place(const GroupToPlace& group, const std::vector<Destination>& destinations);

}  // namespace ferry::scheduler
