// Destinations: where placements go (reference §1.3), as plain values; platform/destination_parser.h reads
// them from the platform repository.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/labels.h"
#include "scheduler/destination_state.h"

namespace ferry::scheduler {

struct Destination {
  std::string name;
  Labels labels;
  bool strict_match_labels = false;
  std::string path;              // spec.path inside the state store
  std::string state_store_kind;  // GitStateStore | BucketStateStore
  std::string state_store;       // spec.stateStoreRef.name
  SourceLocation where;
  Readiness readiness = {};
  std::optional<std::string> unschedulable = {};   // the taint's reason (kUnschedulableAnnotation)
  std::vector<DestinationMetric> metrics = {};     // kMetricsAnnotation, in written order
  std::vector<std::string> custom_resources = {};  // the CRDs it serves (scheduler/custom_resources.h)
  bool platform = false;                           // kPlatformAnnotation is "true"
  // spec.initWorkloads.enabled (Kratix §4.6 canary files): true writes them, false deletes them. Absent
  // (no initWorkloads, or no enabled in it) is nullopt: ferry leaves the canary paths alone, unlike
  // Kratix's default of true (docs/stores.md "Canary files" says why).
  std::optional<bool> init_workloads = {};
  // spec.filepath is not here: nothing in scheduling reads it; the platform reads it for the writer
  // (platform/destination_filepath_parser.h).

  // Not ready or tainted Destinations take no new placements; existing ones are the policy's to judge.
  bool takes_new_placements() const { return readiness.ready && !unschedulable; }
  // "not ready: <reason>: <message>", "unschedulable: <reason>", or "" when it takes new placements.
  std::string why_not_schedulable() const;
};

}  // namespace ferry::scheduler
