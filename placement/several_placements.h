// One group of a request that several KCP Placements govern (seed 004: "users can create multiple Placements
// to assign specific Namespace(s) to specific Locations"; "each location can only have one sync target bound
// to the namespace"): each Placement chooses one Destination in its own Location, as it would alone, and the
// group goes to every Destination they chose (docs/scheduling.md, "Several Placements for one namespace").
#pragma once

#include <map>
#include <string>
#include <vector>

#include "placement/group_decision.h"
#include "placement/run_scheduling.h"
#include "scheduler/placement_policy.h"

namespace ferry::runner {

struct SeveralPlacements {
  std::vector<const scheduler::PlacementPolicy*> policies;  // the governing Placements, declaration order
  std::vector<std::string> holders;                         // the Destinations the group is on now
  // For each Placement, the Destination the previous run recorded it placed the group on.
  std::map<std::string, std::string> recorded = {};
};

// Schedules the group once per Placement (placement/policy_placement.h) into decided.shares, each sticky to
// its own current Destination: the one the record says it placed the group on, else the holder inside its
// bound Location. A Placement bound to a Location an earlier one already placed the group in takes the same
// Destination (one per Location), with a note. decided.decision is their union: every Destination a
// Placement chose (decided.policy names them all); pending only when none chose any, or when one is Unbound
// (its Location holds no Destination that takes the group: as with one Placement, nothing is written and
// the bundles stay). A Placement that is not Ready has its old Destination's bundle removed (the note says
// so), while the others' stay.
void schedule_by_placements(const scheduler::GroupToPlace& to_place, const SeveralPlacements& several,
                            const Platform& platform, const RunScheduling& scheduling,
                            const scheduler::SchedulingContext& context, GroupDecision& decided);

// The decision that placed the group on `destination`: its share when several Placements govern it, else
// `decided` itself.
const GroupDecision& placed_by(const GroupDecision& decided, const std::string& destination);

}  // namespace ferry::runner
