// Krake's namespaced Metric and MetricsProvider beside the global ones (seed 003: "bound to a namespace ...
// and can only be used in their respective context"): what a request in a namespace sees, which provider a
// metric reads, and how a namespaced value changes a request's scheduling.
#include <gtest/gtest.h>

#include "scheduler/metrics.h"
#include "scheduler/schedule.h"

namespace ferry::scheduler {
namespace {

// Values as a run keeps them (metric_key): global "cost" and "heat", team-a's own "cost", team-b's "load".
const std::map<std::string, double> kByKey = {
    {"cost", 0.2}, {"heat", 0.7}, {"team-a/cost", 0.9}, {"team-b/load", 0.4}};

TEST(NamespacedMetrics, ARequestSeesTheGlobalOnesAndItsNamespacesWhichWinOnAClash) {
  EXPECT_EQ(values_in_namespace(kByKey, "team-a"),
            (std::map<std::string, double>{{"cost", 0.9}, {"heat", 0.7}}));
  EXPECT_EQ(values_in_namespace(kByKey, "team-b"),
            (std::map<std::string, double>{{"cost", 0.2}, {"heat", 0.7}, {"load", 0.4}}));
  EXPECT_EQ(values_in_namespace(kByKey, "default"),
            (std::map<std::string, double>{{"cost", 0.2}, {"heat", 0.7}}));
  EXPECT_EQ(metric_key("", "cost"), "cost");
  EXPECT_EQ(metric_key("team-a", "cost"), "team-a/cost");
}

TEST(NamespacedMetrics, AMetricReadsAProviderOfItsNamespaceBeforeAGlobalOne) {
  const std::vector<MetricsProvider> providers = {{"prom", "static", {}, "", "", {}, ""},
                                                  {"prom", "static", {}, "", "", {}, "team-a"},
                                                  {"other", "static", {}, "", "", {}, "team-b"}};
  Metric global{"cost", 0, 1, "prom", "cost", {}};
  Metric team_a{"cost", 0, 1, "prom", "cost", {}, "team-a"};
  Metric team_c{"cost", 0, 1, "prom", "cost", {}, "team-c"};
  EXPECT_EQ(provider_of(global, providers), &providers[0]);
  EXPECT_EQ(provider_of(team_a, providers), &providers[1]);
  EXPECT_EQ(provider_of(team_c, providers), &providers[0]);  // none in team-c: the global one
  global.provider = "other";                                 // team-b's only: not for a global metric
  EXPECT_EQ(provider_of(global, providers), nullptr);
}

// The same Destinations and policy give a team-a request and a default one different answers: team-a's own
// "cost" (0.9) fails "cost < 0.5" where the global one (0.2) passes.
TEST(NamespacedMetrics, ANamespacedValueDecidesForRequestsOfItsNamespaceOnly) {
  Destination d{"eu-1", {}, false, "eu-1", "GitStateStore", "s", {}};
  d.metrics = {{"cost", 1}};
  PlacementPolicy policy;
  policy.name = "cheap";
  policy.metric_constraints = {{"cost", MetricOperator::less, 0.5}};
  const GroupToPlace group{"ns/r/p/g", {}, Cardinality::one, std::nullopt};
  SchedulingContext team_a, other;
  team_a.normalised_metric_values = values_in_namespace(kByKey, "team-a");
  other.normalised_metric_values = values_in_namespace(kByKey, "default");
  EXPECT_TRUE(schedule(group, &policy, {d}, team_a).placement.pending());
  EXPECT_EQ(schedule(group, &policy, {d}, other).placement.destinations, (std::vector<std::string>{"eu-1"}));
}

}  // namespace
}  // namespace ferry::scheduler
