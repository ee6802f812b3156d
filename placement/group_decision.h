// One output group of a request and where it goes: its selector, the Destinations it is on now, and the
// decision of Kratix's rules or of a PlacementPolicy, with the notes `ferry explain` and the report show.
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
};

}  // namespace ferry::runner
