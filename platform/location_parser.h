// Location documents (scheduling.ferry.dev/v1alpha1) -> scheduler::Location.
#pragma once

#include "core/error.h"
#include "core/yaml_document.h"
#include "scheduler/location.h"

namespace ferry::runner {

// Parses a Location document (kind checked by the caller; apiVersion, unknown spec keys checked here).
Result<scheduler::Location> parse_location(const YamlDocument& document);

}  // namespace ferry::runner
