#include "placement/run_scheduling.h"

#include <algorithm>

#include "placement/same_run_neighbours.h"
#include "platform/object_text.h"
#include "scheduler/placement_binding.h"

namespace ferry::runner {
namespace {

bool has_workload_terms(const scheduler::WorkloadAffinity& affinity) {
  return !affinity.required.empty() || !affinity.preferred.empty();
}

// Whether some PlacementPolicy has a workload affinity or anti-affinity term: the only readers of the other
// requests' placed groups (scheduler/schedule.cpp's domains_of).
bool workloads_needed(const Platform& platform) {
  return std::any_of(platform.policies.begin(), platform.policies.end(), [](const auto& policy) {
    return has_workload_terms(policy.workload_affinity) || has_workload_terms(policy.workload_anti_affinity);
  });
}

// Every request's placed groups with its labels, or none when no policy reads them: the labels are parsed
// from each request's text, which at R = 10,000 took most of a run that runs one request.
std::vector<PlacedGroup> placed_groups(const Platform& platform, const PlacementIndex& placements) {
  std::vector<PlacedGroup> placed;
  if (!workloads_needed(platform)) return placed;
  for (const pipeline::Request& request : platform.requests) {
    const auto& bundles = placements.bundles_of(request.namespace_, request.promise, request.name);
    if (bundles.empty()) continue;
    const Labels labels = request_labels(request);
    for (const ExistingBundle& bundle : bundles) {
      placed.push_back(
          {request_key(request), {request.namespace_ + "/" + request.name, labels, bundle.destination}});
    }
  }
  return placed;
}

// Every KCP Placement's Location for this run, bound once from where the groups of all the requests it
// governs are now.
std::map<std::string, scheduler::PlacementBinding> bind_placements(const Platform& platform,
                                                                   const PlacementIndex& placements) {
  std::map<std::string, scheduler::PlacementBinding> bound;
  for (const scheduler::PlacementPolicy& policy : platform.policies) {
    if (policy.location_selectors.empty()) continue;
    std::vector<std::string> held;
    for (const pipeline::Request& request : platform.requests) {
      const auto governing = platform.policies_for(request);  // its Promise, and its namespace selected
      if (std::find(governing.begin(), governing.end(), &policy) == governing.end()) continue;
      for (const ExistingBundle& b : placements.bundles_of(request.namespace_, request.promise, request.name))
        held.push_back(b.destination);
    }
    bound.emplace(policy.name, scheduler::bind_placement(policy.name, policy.location_selectors,
                                                         platform.locations, platform.destinations, held));
  }
  return bound;
}

MetricReadings read_if_needed(const Platform& platform, std::chrono::milliseconds timeout) {
  if (platform.policies.empty()) return {};
  return read_metrics(platform.metrics, platform.metrics_providers, platform.root, timeout);
}

ExternalChooser run_in(std::filesystem::path root, std::chrono::milliseconds timeout) {
  return [root = std::move(root), timeout](const std::string& name,
                                           const SchedulerInput& input) -> Result<SchedulerOutput> {
    auto executable = resolve_scheduler(name, root);
    if (!executable) return executable.error();
    return run_external_scheduler(*executable, input, root, timeout);
  };
}

}  // namespace

bool scheduling_reads_other_requests(const Platform& platform) {
  return workloads_needed(platform) ||
         std::any_of(platform.policies.begin(), platform.policies.end(),
                     [](const auto& policy) { return !policy.location_selectors.empty(); });
}

RunScheduling::RunScheduling(const Platform& platform, const PlacementIndex& placements,
                             std::chrono::milliseconds timeout)
    : RunScheduling(platform, placements, read_if_needed(platform, timeout), run_in(platform.root, timeout)) {
}

RunScheduling::RunScheduling(const Platform& platform, const PlacementIndex& placements,
                             MetricReadings readings, ExternalChooser chooser)
    : platform_(platform),
      readings_(std::move(readings)),
      placed_(placed_groups(platform, placements)),
      bindings_(bind_placements(platform, placements)),
      index_(std::make_unique<scheduler::DestinationIndex>(platform.destinations)),
      chooser_(std::move(chooser)) {}

scheduler::SchedulingContext RunScheduling::context_for(const pipeline::Request& request,
                                                        const SameRunPlacements* neighbours) const {
  scheduler::SchedulingContext context;
  context.normalised_metric_values = scheduler::values_in_namespace(readings_.normalised, request.namespace_);
  const std::string own = request_key(request);
  for (const PlacedGroup& group : placed_) {
    if (group.request != own && !(neighbours && neighbours->decided(group.request)))
      context.placed.push_back(group.workload);
  }
  if (neighbours) {
    for (auto& workload : neighbours->workloads_except(own)) context.placed.push_back(std::move(workload));
  }
  context.locations = platform_.locations;
  context.placements = bindings_;
  context.index = index_.get();
  return context;
}

std::vector<std::string> RunScheduling::failures_for(const std::vector<std::string>& destinations) const {
  std::vector<std::string> failures;
  for (const scheduler::Destination& d : platform_.destinations) {
    if (std::find(destinations.begin(), destinations.end(), d.name) == destinations.end()) continue;
    for (const scheduler::DestinationMetric& m : d.metrics) {
      const auto failed = readings_.failures.find(m.name);
      if (failed != readings_.failures.end() &&
          std::find(failures.begin(), failures.end(), failed->second) == failures.end()) {
        failures.push_back(failed->second);
      }
    }
  }
  return failures;
}

}  // namespace ferry::runner
