// Destinations: where placements go (reference §1.3), parsed from the platform repository.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/labels.h"
#include "core/yaml_document.h"

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

struct Destination {
  std::string name;
  Labels labels;
  bool strict_match_labels = false;
  std::string path;              // spec.path inside the state store
  std::string state_store_kind;  // GitStateStore | BucketStateStore
  std::string state_store;       // spec.stateStoreRef.name
  SourceLocation where;
  Readiness readiness = {};
  std::optional<std::string> unschedulable = {};  // the taint's reason (kUnschedulableAnnotation)
  std::vector<DestinationMetric> metrics = {};    // kMetricsAnnotation, in written order
  bool platform = false;                          // kPlatformAnnotation is "true"
  // spec.initWorkloads.enabled (Kratix §4.6 canary files): true writes them, false deletes them. Absent
  // (no initWorkloads, or no enabled in it) is nullopt: ferry leaves the canary paths alone, unlike
  // Kratix's default of true (docs/stores.md "Canary files" says why).
  std::optional<bool> init_workloads = {};
  // spec.filepath is not here: nothing in scheduling reads it; the platform reads it for the writer
  // (platform/destination_filepath.h).

  // Not ready or tainted Destinations take no new placements; existing ones are the policy's to judge.
  bool takes_new_placements() const { return readiness.ready && !unschedulable; }
  // "not ready: <reason>: <message>", "unschedulable: <reason>", or "" when it takes new placements.
  std::string why_not_schedulable() const;
};

// "heat_demand_zone_1=0.45, electricity_cost=0.1": names with positive weights, each name once. `where` is
// the location of the text's first character; errors point at the offending entry.
Result<std::vector<DestinationMetric>> parse_metrics_annotation(const std::string& text,
                                                                const SourceLocation& where);

// Reads status.conditions and ferry's annotations into `destination` (called by parse_destination).
Status read_scheduling_state(const YAML::Node& node, const std::string& file, Destination& destination);

// Parses a Destination document (kind already checked by the caller).
Result<Destination> parse_destination(const YamlDocument& document);

// Parses the older API's Cluster (seed 000) as a Destination: the same fields, spec.path defaulting to
// the name. ferry still needs spec.stateStoreRef to know where its files go.
Result<Destination> parse_cluster(const YamlDocument& document);

}  // namespace ferry::scheduler
