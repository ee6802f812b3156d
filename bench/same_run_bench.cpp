// Scenario 4's same-run row, Google Benchmark: one run's placement decisions for 1,000 new requests of one
// PlacementPolicy over 100 Destinations, each its own topology domain. BM_SameRun/1: the policy has mutual
// preferred anti-affinity (weight 100, app=cache by host), so the requests are linked and decided one after
// another in decision_order() (SameRunPlacements::order()), each seeing the placements decided before it
// (reconcile's path for linked requests, run/reconcile.cpp); BM_SameRun/0: the same policy without the rule,
// each request decided with its own context as reconcile does for unlinked ones. One iteration is the whole
// run's decisions (the order, the contexts, schedule() and the records); pipelines, commits and I/O are not
// part of it.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "placement/run_scheduling.h"
#include "placement/same_run_neighbours.h"
#include "scheduler/schedule.h"

namespace {

using ferry::runner::Platform;

constexpr std::size_t kRequests = 1'000;
constexpr std::size_t kDestinations = 100;

Platform same_run_platform(bool anti_affinity) {
  Platform platform;
  for (std::size_t d = 0; d < kDestinations; ++d) {
    const std::string name = "dest-" + std::to_string(d);
    platform.destinations.push_back(
        {name, {{"env", "dev"}, {"host", name}}, false, name, "GitStateStore", "s", {}});
  }
  ferry::scheduler::PlacementPolicy policy;
  policy.name = "caches";
  policy.promises = {"cache"};
  if (anti_affinity) {
    policy.workload_anti_affinity.preferred = {{100, {{{{"app", "cache"}}, {}}, "host"}}};
  }
  platform.policies.push_back(policy);
  for (std::size_t r = 0; r < kRequests; ++r) {
    ferry::pipeline::Request request;
    request.promise = request.kind = "cache";
    request.namespace_ = "default";
    request.name = "cache-" + std::to_string(r);
    request.object_yaml = "metadata:\n  name: " + request.name + "\n  labels: {app: cache}\n";
    platform.requests.push_back(std::move(request));
  }
  return platform;
}

ferry::scheduler::GroupToPlace group_of(const ferry::pipeline::Request& request) {
  ferry::scheduler::GroupToPlace group;
  group.key = request.namespace_ + "/" + request.name + "/configure/5058f1af8388633f609cadb75a75dc9d";
  group.selector = {{"env", "dev"}};
  return group;
}

void BM_SameRun(benchmark::State& state) {
  const Platform platform = same_run_platform(state.range(0) == 1);
  const ferry::runner::PlacementIndex stores;  // new requests: nothing placed yet
  const ferry::runner::RunScheduling scheduling(platform, stores, {}, {});
  std::vector<const ferry::pipeline::Request*> requests;
  for (const auto& r : platform.requests) requests.push_back(&r);
  const auto& policy = platform.policies.front();
  for (auto _ : state) {
    ferry::runner::SameRunPlacements neighbours(platform, requests);
    const std::vector<std::size_t>& order = neighbours.order();
    std::size_t placed = 0;
    const auto decide = [&](const ferry::pipeline::Request& request, ferry::runner::SameRunPlacements* seen) {
      const auto decision = ferry::scheduler::schedule(group_of(request), &policy, platform.destinations,
                                                       scheduling.context_for(request, seen));
      if (seen) seen->record(request, decision.placement.destinations);
      placed += decision.placement.destinations.size();
    };
    for (std::size_t i : order) decide(*requests[i], &neighbours);
    if (order.empty()) {
      for (const auto* request : requests) decide(*request, nullptr);
    }
    if (placed != kRequests) state.SkipWithError("not every request was placed");
  }
}

BENCHMARK(BM_SameRun)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
