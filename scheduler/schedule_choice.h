// Internal to schedule(): the choice among verdicts already judged and scored.
#pragma once

#include <cstddef>
#include <vector>

#include "scheduler/placement.h"
#include "scheduler/placement_policy.h"
#include "scheduler/scheduling_context.h"

namespace ferry::scheduler {

// Fills decision.placement (and decision.location) from decision.verdicts; `checked` is how many
// Destinations were declared, for the pending reason.
void choose(const GroupToPlace& group, const PlacementPolicy& policy, const std::vector<Destination>& all,
            const SchedulingContext& context, std::size_t checked, Decision& decision);

}  // namespace ferry::scheduler
