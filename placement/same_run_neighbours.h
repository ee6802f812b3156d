// Same-run neighbours (docs/scheduling.md, seed 002): the requests of one run whose workload affinity,
// anti-affinity or spread depends on where another request of the same run goes, the order their placement
// decisions are made in, and the placements decided so far, which every later decision of the run sees.
// Pure: the order depends only on the requests' names, labels and their Promises' PlacementPolicies, never on
// file names, --jobs or thread interleaving.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "pipeline/model.h"
#include "platform/platform.h"
#include "scheduler/affinity.h"

namespace ferry::runner {

// The linked requests of `requests` (the run's), as indices into it, in the order their placements are
// decided. Request X is linked to Y when a workload affinity or anti-affinity term (required or preferred)
// of X's PlacementPolicy selects Y's labels (X != Y); both are then linked. Requests not returned are
// linked to nothing: their decisions cannot depend on one another, so they stay parallel.
//
// The order: a request comes after every linked request its terms select (so required affinity to a
// request of the same run finds it placed); where the rules form a cycle (mutual anti-affinity, the common
// case) or leave a choice, the request that sorts first by namespace, name, kind and Promise goes first.
// Sorting by name rather than by a hash: the order is readable in `ferry explain` and a user can predict
// it; it is as stable (a name is the request's identity across runs), and no request gains from a hash.
// Requests with one PlacementPolicy and equal labels form a class; the order is computed over classes,
// so its cost grows with the classes squared and the requests' sort, not with the requests squared.
std::vector<std::size_t> decision_order(const Platform& platform,
                                        const std::vector<const pipeline::Request*>& requests);

// The placements decided earlier in the run, by request (request_key()). Not thread-safe: the linked
// requests' decisions are made one at a time, in decision_order().
class SameRunPlacements {
 public:
  SameRunPlacements() = default;
  // For the run's `requests`: computes decision_order() once (order()) and keeps the linked requests'
  // labels, so that record() need not read them again.
  SameRunPlacements(const Platform& platform, const std::vector<const pipeline::Request*>& requests);
  // decision_order() of the requests given to the constructor (none with the default one).
  const std::vector<std::size_t>& order() const { return order_; }
  // Records where `request` goes now (a request placed nowhere, e.g. pending, records nothing: its
  // placements read back from the stores stay where they are).
  void record(const pipeline::Request& request, const std::vector<std::string>& destinations);
  // Whether `request_key` was recorded: its placements in the stores are replaced by the recorded ones.
  bool decided(const std::string& request_key) const { return decided_.contains(request_key); }
  // The recorded placements of everyone but `own_key`, one PlacedWorkload per label set and Destination
  // (named after the first request placed there this run, with same_run set): affinity reads only labels
  // and Destinations, so 1,000 requests with one label set on 100 Destinations are at most 100 entries.
  std::vector<scheduler::PlacedWorkload> workloads_except(const std::string& own_key) const;

 private:
  struct Placed {
    std::string key;   // request_key()
    std::string name;  // "<namespace>/<name>"
  };
  // By (labels, Destination): the requests placed there this run, in the order recorded.
  std::map<std::pair<Labels, std::string>, std::vector<Placed>> by_place_;
  std::set<std::string> decided_;
  std::map<std::string, Labels> labels_;  // by request_key(), of the linked requests (before order_: filled
                                          // while order_ is initialised)
  std::vector<std::size_t> order_;
};

}  // namespace ferry::runner
