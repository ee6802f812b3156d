// Same-run neighbours (seed 002: "a workload must not run in a domain that already runs workloads matching
// its anti-affinity", also when both are created together): which requests of one run are linked, the
// order their placements are decided in, whatever the order they were declared in, and the placements
// decided so far as the next request's context sees them.
#include "placement/same_run_neighbours.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "placement/run_scheduling.h"

namespace ferry::runner {
namespace {

using ferry::LabelOperator;
using scheduler::PlacedWorkload;
using scheduler::WorkloadAffinityTerm;

pipeline::Request request(const std::string& promise, const std::string& name, const std::string& app) {
  pipeline::Request r;
  r.promise = promise;
  r.kind = promise;
  r.name = name;
  r.namespace_ = "team";
  r.object_yaml = "metadata:\n  name: " + name + "\n  labels: {app: " + app + "}\n";
  return r;
}

WorkloadAffinityTerm with_app(const std::string& app) {
  return {{{}, {{"app", LabelOperator::in, {app}}}}, "zone"};
}

// Promise "cache": required anti-affinity to app=cache. Promise "web": required affinity to app=db.
// Promise "db": no policy.
Platform platform_with(std::vector<pipeline::Request> requests) {
  Platform p;
  scheduler::PlacementPolicy apart;
  apart.name = "apart";
  apart.promises = {"cache"};
  apart.workload_anti_affinity.required = {with_app("cache")};
  scheduler::PlacementPolicy near;
  near.name = "near";
  near.promises = {"web"};
  near.workload_affinity.preferred = {{100, with_app("db")}};
  p.policies = {apart, near};
  p.requests = std::move(requests);
  return p;
}

// The names of decision_order(), over all of the platform's requests.
std::vector<std::string> order_of(const Platform& p) {
  std::vector<const pipeline::Request*> all;
  for (const auto& r : p.requests) all.push_back(&r);
  std::vector<std::string> names;
  for (std::size_t i : decision_order(p, all)) names.push_back(all[i]->name);
  return names;
}

TEST(SameRunNeighbours, MutualAntiAffinityIsDecidedInNameOrderWhateverTheDeclaredOrder) {
  const Platform forward = platform_with(
      {request("cache", "c-1", "cache"), request("cache", "c-2", "cache"), request("cache", "c-3", "cache")});
  const Platform backward = platform_with(
      {request("cache", "c-3", "cache"), request("cache", "c-2", "cache"), request("cache", "c-1", "cache")});
  EXPECT_EQ(order_of(forward), (std::vector<std::string>{"c-1", "c-2", "c-3"}));
  EXPECT_EQ(order_of(backward), (std::vector<std::string>{"c-1", "c-2", "c-3"}));
}

TEST(SameRunNeighbours, ARequestWithAffinityIsDecidedAfterTheRequestItSelects) {
  // "a-web" sorts first, but its affinity reads where "z-db" goes: z-db is decided first.
  const Platform p = platform_with({request("web", "a-web", "web"), request("db", "z-db", "db")});
  EXPECT_EQ(order_of(p), (std::vector<std::string>{"z-db", "a-web"}));
}

TEST(SameRunNeighbours, RequestsNoRuleLinksStayOutOfTheOrder) {
  // One cache alone (its own groups are never its neighbours), a db no web asks for, a web without a db.
  EXPECT_TRUE(order_of(platform_with({request("cache", "c-1", "cache"), request("db", "d", "db")})).empty());
  EXPECT_TRUE(order_of(platform_with({request("web", "w", "web"), request("cache", "c", "other")})).empty());
  // A cache labelled otherwise: no anti-affinity selects it, but its own selects the other cache.
  EXPECT_EQ(order_of(platform_with({request("cache", "c-1", "cache"), request("cache", "c-2", "other")})),
            (std::vector<std::string>{"c-1", "c-2"}));
}

TEST(SameRunNeighbours, RecordedPlacementsAreSeenByEveryoneButTheirOwnRequest) {
  const pipeline::Request c1 = request("cache", "c-1", "cache");
  const pipeline::Request c2 = request("cache", "c-2", "cache");
  const pipeline::Request c3 = request("cache", "c-3", "cache");
  SameRunPlacements placements;
  placements.record(c1, {"eu-1"});
  placements.record(c2, {"eu-1", "eu-2"});
  placements.record(c3, {});  // pending: nothing recorded, its placements in the stores stay
  EXPECT_TRUE(placements.decided(request_key(c1)));
  EXPECT_FALSE(placements.decided(request_key(c3)));
  const std::vector<PlacedWorkload> seen_by_c3 = placements.workloads_except(request_key(c3));
  ASSERT_EQ(seen_by_c3.size(), 2u);  // one per label set and Destination
  EXPECT_EQ(seen_by_c3[0].name, "team/c-1");
  EXPECT_EQ(seen_by_c3[0].destination, "eu-1");
  EXPECT_EQ(seen_by_c3[0].more, 1);  // c-2 is there too
  EXPECT_TRUE(seen_by_c3[0].same_run);
  EXPECT_EQ(seen_by_c3[1].name, "team/c-2");
  EXPECT_EQ(seen_by_c3[1].destination, "eu-2");
  const std::vector<PlacedWorkload> seen_by_c1 = placements.workloads_except(request_key(c1));
  ASSERT_EQ(seen_by_c1.size(), 2u);
  EXPECT_EQ(seen_by_c1[0].name, "team/c-2");
  EXPECT_EQ(seen_by_c1[0].more, 0);
}

TEST(SameRunNeighbours, TheContextReplacesAStoredPlacementByTheOneDecidedThisRun) {
  Platform p = platform_with({request("cache", "c-1", "cache"), request("cache", "c-2", "cache")});
  p.stores.push_back({});
  p.stores[0].name = "s";
  for (const char* name : {"eu-1", "eu-2"})
    p.destinations.push_back({name, {{"zone", name}}, false, name, "GitStateStore", "s", {}});
  PlacementIndex stored;
  stored.add_path(p, p.stores[0], "eu-1/resources/team/cache/c-1/configure/5058f/a.yaml");
  const RunScheduling scheduling(p, stored, MetricReadings{}, ExternalChooser{});
  SameRunPlacements placements;
  const auto before = scheduling.context_for(p.requests[1], &placements).placed;
  ASSERT_EQ(before.size(), 1u);
  EXPECT_EQ(before[0].destination, "eu-1");
  EXPECT_FALSE(before[0].same_run);
  placements.record(p.requests[0], {"eu-2"});  // c-1 moves this run
  const auto after = scheduling.context_for(p.requests[1], &placements).placed;
  ASSERT_EQ(after.size(), 1u);
  EXPECT_EQ(after[0].destination, "eu-2");
  EXPECT_TRUE(after[0].same_run);
  EXPECT_TRUE(scheduling.context_for(p.requests[0], &placements).placed.empty());
}

// Only workload affinity terms read the other requests' placed groups, so a platform without one gathers
// none (each request's labels are parsed from its text to gather them: most of a one-request run at
// R = 10,000).
TEST(SameRunNeighbours, NoWorkloadTermMeansNoPlacedWorkloadsGathered) {
  Platform p = platform_with({request("cache", "c-1", "cache"), request("cache", "c-2", "cache")});
  for (scheduler::PlacementPolicy& policy : p.policies) {
    policy.workload_affinity = {};
    policy.workload_anti_affinity = {};
  }
  p.stores.push_back({});
  p.stores[0].name = "s";
  p.destinations.push_back({"eu-1", {{"zone", "eu-1"}}, false, "eu-1", "GitStateStore", "s", {}});
  PlacementIndex stored;
  stored.add_path(p, p.stores[0], "eu-1/resources/team/cache/c-1/configure/5058f/a.yaml");
  const RunScheduling scheduling(p, stored, MetricReadings{}, ExternalChooser{});
  EXPECT_TRUE(scheduling.context_for(p.requests[1]).placed.empty());
}

}  // namespace
}  // namespace ferry::runner
