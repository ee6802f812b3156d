// Scenario 4 ("Scheduling"), Google Benchmark: placing resource-request groups (cardinality one, a
// matchLabels selector) among 100 or 1,000 Destinations. The first 100 Destinations are the same in both
// runs; the 900 added ones carry labels no group asks for, so they cannot match and every group has the
// same 10 candidates either way. One benchmark iteration is one decision; the 100,000 groups are cycled.
// BM_Place, BM_Decide and BM_PlaceExpressions time reconcile's path: decide() with the DestinationIndex,
// built once per run as placement/run_scheduling.cpp does (here once per benchmark, outside the timing), which
// judges only the Destinations the index cannot rule out. BM_Explain times `ferry explain`'s path, decide()
// without an index, which judges and explains every Destination (so it grows with all of them).
// BM_PlaceExpressions adds a matchExpressions requirement (region In all four regions), built only when
// the scheduler has matchExpressions (core/label_selector.h comes with them).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "scheduler/destination_index.h"
#include "scheduler/placement.h"

namespace {

using ferry::scheduler::Destination;
using ferry::scheduler::DestinationIndex;
using ferry::scheduler::GroupToPlace;

constexpr std::size_t kGroups = 100'000;
constexpr std::size_t kMatchingDestinations = 100;

// Destination d < 100: env=env-(d%10), region=r-(d%4); later ones: env=unmatched-d.
std::vector<Destination> destinations(std::size_t count) {
  std::vector<Destination> all;
  for (std::size_t d = 0; d < count; ++d) {
    Destination destination;
    destination.name = "dest-" + std::to_string(d);
    destination.path = destination.name;
    destination.state_store_kind = "GitStateStore";
    destination.state_store = "store";
    if (d < kMatchingDestinations) {
      destination.labels = {{"env", "env-" + std::to_string(d % 10)},
                            {"region", "r-" + std::to_string(d % 4)}};
    } else {
      destination.labels = {{"env", "unmatched-" + std::to_string(d)},
                            {"region", "r-" + std::to_string(d % 4)}};
    }
    all.push_back(std::move(destination));
  }
  return all;
}

// Group g asks for env=env-(g%10): 10 of the first 100 Destinations take it. With `expressions`, also
// region In (r-0..r-3), which every Destination has: the same 10 take it.
std::vector<GroupToPlace> make_groups(bool expressions) {
  std::vector<GroupToPlace> made;
  made.reserve(kGroups);
  for (std::size_t g = 0; g < kGroups; ++g) {
    GroupToPlace group;
    group.key = "default/req-" + std::to_string(g) + "/configure/5058f1af8388633f609cadb75a75dc9d";
    group.selector = {{"env", "env-" + std::to_string(g % 10)}};
#if __has_include("core/label_selector.h")
    if (expressions) {
      group.selector.push_back(
          {.key = "region", .op = ferry::scheduler::Operator::in, .values = {"r-0", "r-1", "r-2", "r-3"}});
    }
#else
    (void)expressions;
#endif
    made.push_back(std::move(group));
  }
  return made;
}

const std::vector<GroupToPlace>& groups() {
  static const std::vector<GroupToPlace> all = make_groups(false);
  return all;
}

void BM_Place(benchmark::State& state) {
  const std::vector<Destination> all = destinations(static_cast<std::size_t>(state.range(0)));
  const DestinationIndex index(all);
  const std::vector<GroupToPlace>& to_place = groups();
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ferry::scheduler::place(to_place[next], all, index));
    next = (next + 1) % to_place.size();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Decide(benchmark::State& state) {
  const std::vector<Destination> all = destinations(static_cast<std::size_t>(state.range(0)));
  const DestinationIndex index(all);
  const std::vector<GroupToPlace>& to_place = groups();
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ferry::scheduler::decide(to_place[next], all, index));
    next = (next + 1) % to_place.size();
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_Explain(benchmark::State& state) {
  const std::vector<Destination> all = destinations(static_cast<std::size_t>(state.range(0)));
  const std::vector<GroupToPlace>& to_place = groups();
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ferry::scheduler::decide(to_place[next], all));
    next = (next + 1) % to_place.size();
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_Place)->Arg(100)->Arg(1000);
BENCHMARK(BM_Decide)->Arg(100)->Arg(1000);
BENCHMARK(BM_Explain)->Arg(100)->Arg(1000);

#if __has_include("core/label_selector.h")
void BM_PlaceExpressions(benchmark::State& state) {
  static const std::vector<GroupToPlace> to_place = make_groups(true);
  const std::vector<Destination> all = destinations(static_cast<std::size_t>(state.range(0)));
  const DestinationIndex index(all);
  std::size_t next = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(ferry::scheduler::place(to_place[next], all, index));
    next = (next + 1) % to_place.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PlaceExpressions)->Arg(100)->Arg(1000);
#endif

}  // namespace

BENCHMARK_MAIN();
