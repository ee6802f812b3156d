// A Destination's scheduling state beside its Kratix fields: readiness (status.conditions), ferry's
// annotations (the taint, the metrics and their weights, the platform flag) and the metrics annotation's text
// reader. platform/destination_parser.h reads them from a Destination document.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::scheduler {

// ferry's annotations on a Destination (Kratix keeps unknown annotations, so the objects stay valid).
inline constexpr const char* kUnschedulableAnnotation = "scheduling.ferry.dev/unschedulable";
inline constexpr const char* kMetricsAnnotation = "scheduling.ferry.dev/metrics";
// "true": the Destination stands for the platform itself (compound Promises, run/compound.h): what is
// written to it becomes platform input for a further pass of the same run.
inline constexpr const char* kPlatformAnnotation = "ferry.dev/platform";

// One of the Destination's metrics and its weight in the score (Krake's per-cluster metrics, seed 003).
struct DestinationMetric {
  std::string name;
  double weight = 1;
  bool operator==(const DestinationMetric&) const = default;
};

// status.conditions[type=Ready]: a Destination is not ready when that condition's status is "False".
struct Readiness {
  bool ready = true;
  std::string reason;  // the condition's reason and message, kept for explanations
  std::string message;
  bool operator==(const Readiness&) const = default;
};

// "heat_demand_zone_1=0.45, electricity_cost=0.1": names with positive weights, each name once. `where` is
// the location of the text's first character; errors point at the offending entry.
Result<std::vector<DestinationMetric>> parse_metrics_annotation(const std::string& text,
                                                                const SourceLocation& where);

}  // namespace ferry::scheduler
