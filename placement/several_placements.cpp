#include "placement/several_placements.h"

#include <algorithm>

#include "placement/policy_placement.h"
#include "scheduler/placement_binding.h"

namespace ferry::runner {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Where `policy`'s share of the group is now: what the record says it placed, while the group is still
// there; else the holder inside the Location it is bound to this run.
std::optional<std::string> current_of(const scheduler::PlacementPolicy& policy,
                                      const SeveralPlacements& several, const Platform& platform,
                                      const scheduler::SchedulingContext& context) {
  const auto recorded = several.recorded.find(policy.name);
  if (recorded != several.recorded.end() && contains(several.holders, recorded->second))
    return recorded->second;
  const auto bound = context.placements.find(policy.name);
  if (bound == context.placements.end() || !bound->second.location) return std::nullopt;
  for (const std::string& holder : several.holders) {
    if (scheduler::holds(*bound->second.location, platform.destinations, holder)) return holder;
  }
  return std::nullopt;
}

bool bound(const GroupDecision& share) {
  const auto& location = share.decision.location;
  return location && location->state == scheduler::PlacementState::bound;
}

// KCP: one sync target per Location for a namespace. A share bound to a Location an earlier share placed
// the group in takes that share's Destination.
void one_destination_per_location(const std::vector<GroupDecision>& earlier, GroupDecision& share) {
  if (!bound(share)) return;
  for (const GroupDecision& e : earlier) {
    if (!bound(e) || e.decision.location->location != share.decision.location->location) continue;
    const std::string& taken = e.decision.location->destination;
    if (taken == share.decision.location->destination) return;
    scheduler::Placement& placement = share.decision.placement;
    placement.destinations = {taken};
    placement.moved_from = share.current && *share.current != taken ? share.current : std::nullopt;
    placement.moved_reason = "";
    share.decision.location->destination = taken;
    const std::string why = "Location " + e.decision.location->location + " is bound by PlacementPolicy " +
                            e.policy + " too; one Destination per Location";
    share.decision.location->reason = why;
    for (std::string& note : share.notes) {  // the location note schedule_by_policy wrote names the other one
      if (note.starts_with("placement Bound, "))
        note = "placement Bound, Location " + e.decision.location->location + ", Destination " + taken +
               ": " + why;
    }
    return;
  }
}

bool unbound(const GroupDecision& share) {
  const auto& location = share.decision.location;
  return share.decision.placement.pending() && location &&
         location->state == scheduler::PlacementState::unbound;
}

// decided.decision becomes the union of the shares' placements, and decided.notes theirs, each prefixed.
void merge_shares(GroupDecision& decided) {
  scheduler::Placement merged;
  for (const GroupDecision& share : decided.shares) {
    for (const std::string& d : share.decision.placement.destinations) {
      if (!contains(merged.destinations, d)) merged.destinations.push_back(d);
    }
  }
  for (const GroupDecision& share : decided.shares) {
    const std::string prefix = "PlacementPolicy " + share.policy + ": ";
    for (const std::string& note : share.notes) decided.notes.push_back(prefix + note);
    const scheduler::Placement& p = share.decision.placement;
    if (!p.pending()) continue;
    merged.pending_reason += (merged.pending_reason.empty() ? "" : "; ") + prefix + p.pending_reason;
    if (p.removed_from && !contains(merged.destinations, *p.removed_from)) {
      decided.notes.push_back(prefix + "removed from Destination " + *p.removed_from + ": " +
                              p.pending_reason);
      if (!merged.removed_from) merged.removed_from = p.removed_from;
    }
  }
  const auto first_unbound = std::find_if(decided.shares.begin(), decided.shares.end(), unbound);
  if (first_unbound != decided.shares.end()) {  // as with one Placement: pending, the bundles kept
    merged = scheduler::Placement{};
    merged.pending_reason =
        "PlacementPolicy " + first_unbound->policy + ": " + first_unbound->decision.placement.pending_reason;
  } else if (!merged.pending()) {
    merged.pending_reason.clear();
    merged.removed_from.reset();
  }
  decided.decision = scheduler::Decision{std::move(merged), {}, std::nullopt};
}

}  // namespace

void schedule_by_placements(const scheduler::GroupToPlace& to_place, const SeveralPlacements& several,
                            const Platform& platform, const RunScheduling& scheduling,
                            const scheduler::SchedulingContext& context, GroupDecision& decided) {
  decided.shares.clear();
  std::string names;
  for (const scheduler::PlacementPolicy* policy : several.policies) {
    scheduler::GroupToPlace mine = to_place;
    mine.current = current_of(*policy, several, platform, context);
    GroupDecision share{decided.pipeline,   decided.directory, decided.group_id,
                        mine.current,       decided.selector,  {},
                        decided.cardinality};
    schedule_by_policy(mine, *policy, platform, scheduling, context, share);
    one_destination_per_location(decided.shares, share);
    decided.shares.push_back(std::move(share));
    names += (names.empty() ? "" : ", ") + policy->name;
  }
  decided.policy = names;
  merge_shares(decided);
}

const GroupDecision& placed_by(const GroupDecision& decided, const std::string& destination) {
  for (const GroupDecision& share : decided.shares) {
    if (contains(share.decision.placement.destinations, destination)) return share;
  }
  return decided;
}

}  // namespace ferry::runner
