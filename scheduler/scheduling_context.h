// What schedule() reads besides the group, its policy and the Destinations: normalised metric values,
// the other requests' placed groups, the declared Locations and the Placements bound to
// them, and an optional index over the Destinations.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "scheduler/affinity.h"
#include "scheduler/destination_index.h"
#include "scheduler/location.h"

namespace ferry::scheduler {

struct SchedulingContext {
  std::map<std::string, double> normalised_metric_values;  // by Metric name, 0..1; missing: provider failed
  std::vector<PlacedWorkload> placed;                      // other requests' groups, for workload affinity
  std::vector<Location> locations;
  // Each KCP Placement's Location, bound once per run for all its groups, by PlacementPolicy name; a policy
  // missing here is bound from `locations` and the group's own current Destination alone.
  std::map<std::string, PlacementBinding> placements = {};
  const DestinationIndex* index = nullptr;  // over the same Destinations; null: judge every Destination
};

}  // namespace ferry::scheduler
