// Placing a request's groups by its Promise's PlacementPolicy (docs/scheduling.md): scheduler::schedule()
// with the request's scheduler::SchedulingContext, the notes `ferry explain` and the report show (metric
// failures, KCP placement states), and the hand-over to an external scheduler (docs/external-scheduler.md).
// Pure but for the chooser the RunScheduling holds.
#pragma once

#include <string>
#include <vector>

#include "placement/group_decision.h"
#include "placement/placement_index.h"
#include "placement/run_scheduling.h"

namespace ferry::runner {

// Schedules one group by `policy` and fills decided.decision, decided.policy and decided.notes.
void schedule_by_policy(const scheduler::GroupToPlace& to_place, const scheduler::PlacementPolicy& policy,
                        const Platform& platform, const RunScheduling& scheduling,
                        const scheduler::SchedulingContext& context, GroupDecision& decided);

// The external scheduler's key of a group: "<pipeline>/default" or "<pipeline>/<directory>".
std::string external_group_key(const GroupDecision& group);

// For a policy with schedulerName: sends every group that has candidates (the Destinations schedule()
// found eligible) to the external scheduler and replaces those groups' choices with its answer. A group
// without candidates keeps schedule()'s decision (pending, or kept misplaced). Any error of the scheduler
// is returned; the caller leaves the request pending with it and writes nothing.
Status choose_externally(const Platform& platform, const pipeline::Request& request,
                         const scheduler::PlacementPolicy& policy, const RunScheduling& scheduling,
                         const std::vector<ExistingBundle>& existing, std::vector<GroupDecision>& decisions);

}  // namespace ferry::runner
