// PlacementPolicy documents (scheduling.ferry.dev/v1alpha1) -> scheduler::PlacementPolicy: every field of
// the spec scheduler/placement_policy.h shows.
#pragma once

#include "core/error.h"
#include "core/yaml_document.h"
#include "scheduler/placement_policy.h"

namespace ferry::runner {

// Parses a PlacementPolicy document (kind checked by the caller). Every error is located; unknown keys
// are refused with the list of known ones.
Result<scheduler::PlacementPolicy> parse_placement_policy(const YamlDocument& document);

}  // namespace ferry::runner
