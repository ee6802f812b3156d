// What schedule() reads besides the group, its policy and the Destinations: normalised metric values,
// the other requests' placed groups, the declared Locations and an optional index over the Destinations.
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
  const DestinationIndex* index = nullptr;  // over the same Destinations; null: judge every Destination
};

}  // namespace ferry::scheduler
