// ferry's own scheduling kinds (apiVersion scheduling.ferry.dev/v1alpha1: PlacementPolicy, Location,
// Metric, MetricsProvider), dispatched by kind like platform_kinds(), and the names they refer to, kept with
// their locations for validation.h's cross-checks.
#pragma once

#include <map>
#include <string>

#include "platform/kind_handler.h"

namespace ferry::runner {

inline constexpr const char* kSchedulingGroup = "scheduling.ferry.dev";

// Adds one scheduling.ferry.dev document to the platform (the parsers check apiVersion and every field).
const std::map<std::string, KindHandler>& scheduling_kinds();

// "Location, Metric, MetricsProvider, PlacementPolicy": for the error on an unknown kind.
std::string scheduling_kind_names();

// Records the Metrics a Destination's scheduling.ferry.dev/metrics annotation names, each located at its
// entry, so that validation can point at an unknown one.
void add_metric_references(const YamlDocument& document, const scheduler::Destination& destination,
                           Platform& platform);

}  // namespace ferry::runner
