// Destinations for the placement tests (placement_test.cpp, sticky_test.cpp): named, labelled, on the
// default Git state store, with spec.path equal to the name.
#pragma once

#include <string>
#include <utility>

#include "scheduler/destination.h"

namespace ferry::testing {

inline scheduler::Destination dest(std::string name, Labels labels, bool strict = false) {
  return scheduler::Destination{name, std::move(labels), strict, name, "GitStateStore", "default", {}};
}

}  // namespace ferry::testing
