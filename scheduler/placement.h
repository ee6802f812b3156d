// Placing one output group on Destinations (reference §3.2-§3.4), deterministically and stickily: where
// Kratix picks at random, ferry picks by rendezvous hashing, so every machine makes the same choice and
// adding a Destination moves as few groups as possible; a group already placed stays where it is while
// its Destination still takes it. Pure: no I/O, no clock. decide() also says why (for `ferry explain`).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "scheduler/destination.h"
#include "scheduler/destination_index.h"
#include "scheduler/location.h"
#include "scheduler/score.h"
#include "scheduler/selector.h"

namespace ferry::scheduler {

enum class Cardinality {
  every_match,  // Promise dependencies and promise-workflow output
  one,          // a resource request's group
};

// What to do with a group whose Destination no longer takes it (labels changed, or it was removed).
enum class MisplacedPolicy {
  keep,  // Kratix's behaviour: keep writing there and report it misplaced
  move,  // choose again among the Destinations that take it now
};

struct GroupToPlace {
  std::string key;  // identifies the group across runs: "<ns>/<request>/<pipeline>/<group id>"
  Selector selector;
  Cardinality cardinality = Cardinality::one;
  std::optional<std::string> current;  // where it is placed now (a Destination name), if anywhere
  MisplacedPolicy policy = MisplacedPolicy::keep;
};

struct Placement {
  std::vector<std::string> destinations;  // names, sorted for every_match
  std::string pending_reason;             // set when nothing takes the group
  std::string misplaced_reason;           // set when kept on a Destination that no longer takes it
  std::optional<std::string> moved_from;  // set when the group left its Destination in this run
  std::string moved_reason = {};          // why it left moved_from ("" when the misplaced policy moved it)
  // Set when the group is pending and its bundle is removed from this Destination rather than kept there:
  // its KCP Placement is not Ready (seed 004: a Placement that is not Ready has its sync targets removed).
  std::optional<std::string> removed_from = {};
  bool pending() const { return destinations.empty(); }
  bool misplaced() const { return !misplaced_reason.empty(); }
};

// Why one selector requirement held or not on one Destination.
struct TermVerdict {
  Requirement requirement;
  std::optional<std::string> actual;  // the Destination's value for the key, if it has the label
  bool met = false;
};

// One of a PlacementPolicy's predicates on one Destination (scheduler/schedule.h).
struct PredicateResult {
  std::string predicate;  // "label constraint location is DE", "required cluster affinity ...", ...
  bool met = false;
  std::string detail;  // what the Destination has: "load=0.42", "no metric load", ...
  bool operator==(const PredicateResult&) const = default;
};

struct DestinationVerdict {
  std::string destination;
  std::vector<TermVerdict> terms;
  bool strict_refused = false;  // strictMatchLabels with labels, and the selector is empty
  std::string unschedulable;    // Destination::why_not_schedulable(): takes no new placement when set
  bool eligible = false;
  std::uint64_t score = 0;  // rendezvous score; the highest eligible one wins a `one` group
  std::vector<PredicateResult> predicates = {};  // a policy's predicates (schedule() only)
  std::optional<Score> priority = {};            // its score terms, when eligible (schedule() only)
  // Each preferred workload (anti-)affinity term, when eligible: met = its domain hosts a matching request
  // (for anti-affinity that lowers the score), detail = which ones (schedule() only).
  std::vector<PredicateResult> workload_preferences = {};
};

struct Decision {
  Placement placement;
  std::vector<DestinationVerdict> verdicts;     // one per Destination, in the given order
  std::optional<LocationChoice> location = {};  // set when a policy selects Locations
};

// The Kratix selector terms, strictMatchLabels and readiness of one Destination for one group.
DestinationVerdict judge(const GroupToPlace& group, const Destination& destination);

// A not-ready or unschedulable Destination is not eligible: it takes no new placement, and a group placed
// there is judged by group.policy like one whose Destination stopped matching (kept and reported
// misplaced, or moved).
Decision decide(const GroupToPlace& group, const std::vector<Destination>& destinations);

// The same placement (choice, pending, misplaced and moved_from, text for text) as decide(group,
// destinations), at the cost of the Destinations `index` cannot rule out: only those and the current one
// are judged, so the verdicts cover just them (in the given order). For reconcile; `ferry explain`, which
// lists every Destination, uses decide() above. `index` must have been built over `destinations`.
Decision decide(const GroupToPlace& group, const std::vector<Destination>& destinations,
                const DestinationIndex& index);

// Shorthands over decide().
Placement place(const GroupToPlace& group, const std::vector<Destination>& destinations);
Placement place(const GroupToPlace& group, const std::vector<Destination>& destinations,
                const DestinationIndex& index);
std::vector<const Destination*> candidates(const Selector& selector, const std::vector<Destination>& all);

}  // namespace ferry::scheduler
