// One output group of a request and where it goes: its selector, the Destinations it is on now, and the
// decision of Kratix's rules or of a PlacementPolicy (or of each of several KCP Placements), with the notes
// `ferry explain` and the report show.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scheduler/placement.h"
#include "scheduler/selector.h"

namespace ferry::runner {

struct GroupDecision {
  std::string pipeline;
  std::string directory;
  std::string group_id;
  std::optional<std::string> current;  // where the stores say it is now
  scheduler::Selector selector;
  scheduler::Decision decision;
  scheduler::Cardinality cardinality = scheduler::Cardinality::one;
  std::string policy = {};              // the PlacementPolicy that placed it; "" for Kratix's rules alone
  std::vector<std::string> notes = {};  // metric failures, KCP placement state, external scheduler
  // When several KCP Placements govern the request (placement/several_placements.h): each one's own
  // decision for the group, in declaration order (their `shares` empty); `decision` then holds their union.
  std::vector<GroupDecision> shares = {};
};

}  // namespace ferry::runner
