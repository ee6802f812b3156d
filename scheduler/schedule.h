// The scheduler's one entry point with a PlacementPolicy: predicates (the Kratix selector, readiness,
// Krake's label and metric constraints, Crossplane's required affinities), then priorities (Krake's score
// and Crossplane's preferred terms, scheduler/score.h), then the choice: KCP Locations, spread and count,
// Krake's rescheduling, or one Destination. Pure; every predicate result and score term is in the verdicts.
#pragma once

#include <vector>

#include "scheduler/affinity.h"
#include "scheduler/destination_index.h"
#include "scheduler/location.h"
#include "scheduler/placement.h"
#include "scheduler/placement_policy.h"
#include "scheduler/scheduling_context.h"

namespace ferry::scheduler {

// With a null policy: exactly decide(group, destinations). With a policy:
// - verdicts cover the Destinations the index cannot rule out (all without an index) and the current one;
// - eligible = the Kratix selector and readiness (judge()) and every policy predicate; metric constraints
//   read the normalised value of a metric the Destination lists, and fail when it lists none or has no value;
// - a group placed on an eligible Destination stays there, unless spec.rescheduling is on and another
//   eligible Destination has a higher total score (the current one's includes stickiness);
// - a group whose Destination is no longer eligible follows group.policy (keep and report, or move);
// - spec.spread places on `count` Destinations ranked by score; spec.locationSelectors choose one Location
//   first (choose_location) and report its state; otherwise the best score wins (ties by the stable hash).
Decision schedule(const GroupToPlace& group, const PlacementPolicy* policy,
                  const std::vector<Destination>& destinations, const SchedulingContext& context);

}  // namespace ferry::scheduler
