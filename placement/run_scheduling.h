// What every policy-governed placement of one run shares (docs/scheduling.md): the metric values, read
// once at the start of the run and never fatally; where the other requests' groups are now (for workload
// affinity, so only when some policy has a workload term), from the placements read back from the state
// stores; the Locations, and the one Location each
// KCP Placement is bound to for all its requests (bound once here, kept while valid); a label index over the
// Destinations; and how external schedulers are run.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pipeline/model.h"
#include "placement/external_scheduler.h"
#include "placement/metric_readings.h"
#include "placement/placement_index.h"
#include "placement/request_key.h"
#include "platform/platform.h"
#include "scheduler/schedule.h"

namespace ferry::runner {

// Whether scheduling one request reads where the other requests are placed: some PlacementPolicy has a
// workload affinity or anti-affinity term, or Location selectors (a KCP Placement, bound from where all the
// requests it governs are). A narrow run, which loads the changed requests only, must not run then
// (run/kept_requests.h).
bool scheduling_reads_other_requests(const Platform& platform);

// Runs the external scheduler a policy names (schedulerName) on one request's input. The real one resolves
// the name in the platform directory and runs it (placement/external_scheduler.h); tests pass fakes.
using ExternalChooser =
    std::function<Result<SchedulerOutput>(const std::string& scheduler_name, const SchedulerInput& input)>;

class SameRunPlacements;  // placement/same_run_neighbours.h

struct PlacedGroup {
  std::string request;  // "<ns>/<promise>/<request>": whose group it is
  scheduler::PlacedWorkload workload;
};

class RunScheduling {
 public:
  // Reads the metrics (only when some PlacementPolicy exists: a platform without one does no I/O here) and
  // the current placements of every declared request. `timeout` bounds each metric query and each
  // external scheduler run. `platform` must outlive this object.
  RunScheduling(const Platform& platform, const PlacementIndex& placements,
                std::chrono::milliseconds timeout);
  // The same with given readings and chooser (tests).
  RunScheduling(const Platform& platform, const PlacementIndex& placements, MetricReadings readings,
                ExternalChooser chooser);
  RunScheduling(const RunScheduling&) = delete;
  RunScheduling& operator=(const RunScheduling&) = delete;

  // Everything but `request`'s own groups among the placed workloads (none when no policy has a workload
  // affinity or anti-affinity term). With `neighbours` (the placements
  // decided earlier in this run), a request recorded there counts where it goes now, not where the stores
  // have it.
  scheduler::SchedulingContext context_for(const pipeline::Request& request,
                                           const SameRunPlacements* neighbours = nullptr) const;
  const MetricReadings& readings() const { return readings_; }
  // The failures of the metrics `destinations` list, as "metric ... (provider ...): why" (metrics.md).
  std::vector<std::string> failures_for(const std::vector<std::string>& destinations) const;
  const ExternalChooser& chooser() const { return chooser_; }
  // The label index over the platform's Destinations, built once per run.
  const scheduler::DestinationIndex& destination_index() const { return *index_; }

 private:
  const Platform& platform_;
  MetricReadings readings_;
  std::vector<PlacedGroup> placed_;
  std::map<std::string, scheduler::PlacementBinding> bindings_;  // KCP Placements' Locations, by policy
  std::unique_ptr<scheduler::DestinationIndex> index_;
  ExternalChooser chooser_;
};

}  // namespace ferry::runner
