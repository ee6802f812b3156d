// The messages of the external scheduler protocol (docs/external-scheduler.md), as plain values: what
// ferry sends an external scheduler about one request, and the choices it answers with.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/labels.h"

namespace ferry::runner {

inline constexpr int kExternalSchedulerFormatVersion = 1;

// A Destination that some group may go to.
struct SchedulerDestination {
  std::string name;
  Labels labels;
  std::map<std::string, double> metrics;  // Metric name -> normalised value in [0, 1]; empty when none
};

// One output group of the request, to be placed.
struct SchedulerGroup {
  std::string key;  // unique within the request; the key of the answer's "placements"
  std::string pipeline;
  std::string directory;  // "" for the default group
  Labels selector;        // the labels it must match (for the scheduler's information)
  std::vector<std::string>
      candidates;                    // Destinations that passed ferry's own filters; the only valid choices
  std::vector<std::string> current;  // Destinations holding it now (may be no candidate any more)
  int count = 1;                     // how many Destinations to choose, at most
};

// The resource request being placed.
struct SchedulerRequest {
  std::string api_version;
  std::string kind;
  std::string name;
  std::string namespace_;
  std::string promise;
  std::string object_yaml;  // the whole object; sent as JSON
};

struct SchedulerInput {
  std::string policy;  // the PlacementPolicy's name
  SchedulerRequest request;
  std::vector<SchedulerGroup> groups;
  std::vector<SchedulerDestination> destinations;  // every Destination some group lists as candidate
};

struct SchedulerOutput {
  std::map<std::string, std::vector<std::string>> placements;  // group key -> chosen Destinations
};

}  // namespace ferry::runner
