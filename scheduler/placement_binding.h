// The ONE Location a KCP Placement (a PlacementPolicy with locationSelectors, seed 004) binds every group it
// places to: chosen once by the stable hash of (Placement, Location) among the valid Locations, and kept
// while it stays valid, whichever group is placed first. Pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/label_selector.h"
#include "scheduler/destination.h"
#include "scheduler/location.h"

namespace ferry::scheduler {

// A Location is valid for a Placement while it is declared, one of `selectors` (ORed) matches its labels,
// and at least one Destination inside it (its instanceSelector) takes new placements. `held` names the
// Destinations the Placement's groups are on now (read back from the state stores, so the choice is
// recorded where the bundles are). The valid Location holding the most of them is kept (ties by the stable
// hash); when none holds any, the valid Location with the highest rendezvous hash of (placement, Location)
// is chosen, so every group of the Placement, in any order and on any machine, gets the same one.
PlacementBinding bind_placement(const std::string& placement, const std::vector<LabelSelector>& selectors,
                                const std::vector<Location>& locations,
                                const std::vector<Destination>& destinations,
                                const std::vector<std::string>& held);

// True when `destination` is declared and inside `location`.
bool holds(const Location& location, const std::vector<Destination>& destinations,
           const std::string& destination);

// choose_location(binding, ...) (scheduler/location.h) for a Placement named `placement_key` whose groups
// hold only `current`: its binding is
// bind_placement(placement_key, selectors, locations, destinations, {current}).
LocationChoice choose_location(const std::string& placement_key, const std::vector<LabelSelector>& selectors,
                               const std::vector<Location>& locations,
                               const std::vector<Destination>& destinations,
                               const std::vector<std::string>& ranked_eligible,
                               const std::optional<std::string>& current);

}  // namespace ferry::scheduler
