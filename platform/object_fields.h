// Shared checks for ferry's own scheduling kinds (Location, PlacementPolicy) and Destinations' maps: the
// apiVersion, and refusing unknown keys with the list of known ones.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"

namespace ferry::runner {

// The apiVersion of every scheduling kind (Location, PlacementPolicy).
inline constexpr const char* kSchedulingApiVersion = "scheduling.ferry.dev/v1alpha1";

// "apiVersion" must be scheduling.ferry.dev/v1alpha1.
Status check_api_version(const YamlDocument& document, const char* kind);

// A key of `map` not in `known` is an error at that key, from core/known_fields.h's check_known_fields with
// `known` as the table: unknown field "x" in "spec"; known fields: a, b (or; did you mean "a"?).
Status known_fields_only(const YAML::Node& map, const std::vector<std::string>& known,
                         const std::string& path, const std::string& file);

}  // namespace ferry::runner
