// Loading ferry's scheduling kinds (PlacementPolicy, Location, Metric, MetricsProvider) and the
// cross-checks of the names they refer to, with the exact text of every error.
#include <gtest/gtest.h>

#include "platform/loader.h"
#include "platform/platform.h"
#include "run/work_selection.h"
#include "tests/support/load_errors.h"
#include "tests/support/platform_texts.h"
#include "tests/support/scheduling_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

constexpr const char* kPolicy = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: PlacementPolicy
metadata: {name: spread-redis}
spec:
  promises: [redis]
  spread: {count: 2, topologyKey: zone}
)";

class SchedulingLoadTest : public ferry::testing::PlatformLoadTest {
 protected:
  void SetUp() override {
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yaml", kZonedDestinations);
    write_file(dir.path() / "promise.yaml", kPromise);
    write_file(dir.path() / "metrics.yaml", kCostMetric);
    write_file(dir.path() / "location.yaml", kAwsLocation);
  }
};

TEST_F(SchedulingLoadTest, LoadsEveryKindAndFindsThePolicyOfAPromise) {
  write_file(dir.path() / "policy.yaml", kPolicy);
  const LoadResult result = load_platform(dir.path());
  ASSERT_TRUE(result.errors.empty()) << result.errors.front().render();
  EXPECT_TRUE(result.warnings.empty());
  const Platform& p = result.platform;
  ASSERT_EQ(p.policies.size(), 1u);
  ASSERT_TRUE(p.policies[0].spread);
  EXPECT_EQ(p.policies[0].spread->count, 2);
  ASSERT_EQ(p.locations.size(), 1u);
  EXPECT_EQ(p.locations[0].name, "aws");
  ASSERT_EQ(p.metrics.size(), 1u);
  EXPECT_EQ(p.metrics[0].provider, "costs");
  ASSERT_EQ(p.metrics_providers.size(), 1u);
  EXPECT_EQ(p.metrics_providers[0].file_path, "metrics.json");
  EXPECT_EQ(p.policy_for("redis"), &p.policies[0]);
  EXPECT_EQ(p.policy_for("other"), nullptr);
}

TEST_F(SchedulingLoadTest, APolicyNamingAnUnknownPromiseIsLocatedAtTheName) {
  write_file(dir.path() / "policy.yaml", R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: PlacementPolicy
metadata: {name: p}
spec:
  promises: [redis, postgres]
)");
  EXPECT_EQ(errors(),
            (std::vector<std::string>{
                at("policy.yaml") +
                    ":5:21: PlacementPolicy \"p\" refers to Promise \"postgres\", which is not declared",
            }));
}

TEST_F(SchedulingLoadTest, TwoPoliciesGoverningOnePromiseAreRefused) {
  write_file(dir.path() / "policy.yaml", std::string(kPolicy) + R"(---
apiVersion: scheduling.ferry.dev/v1alpha1
kind: PlacementPolicy
metadata: {name: second}
spec:
  promises:
  - redis
)");
  EXPECT_EQ(errors(), (std::vector<std::string>{
                          at("policy.yaml") +
                              ":13:5: Promise \"redis\" is already governed by PlacementPolicy "
                              "\"spread-redis\" at " +
                              at("policy.yaml") +
                              ":5:14; a Promise takes one PlacementPolicy, or several that all have "
                              "locationSelectors (KCP Placements)",
                      }));
}

TEST_F(SchedulingLoadTest, ADestinationNamingAnUnknownMetricIsLocatedAtTheEntry) {
  std::string destinations = kZonedDestinations;
  destinations.replace(destinations.find("\"cost=1\""), 8, "\"cost=1, load = 2\"");
  write_file(dir.path() / "destinations.yaml", destinations);
  EXPECT_EQ(errors(), (std::vector<std::string>{
                          at("destinations.yaml") +
                              ":7:44: Destination \"dev-a\" refers to Metric \"load\", which is not declared",
                      }));
}

TEST_F(SchedulingLoadTest, AMetricNamingAnUnknownProviderIsLocatedAtTheName) {
  std::string metrics = kCostMetric;
  metrics.replace(metrics.find("{name: costs}"), 13, "{name: prom}");
  write_file(dir.path() / "metrics.yaml", metrics);
  EXPECT_EQ(errors(),
            (std::vector<std::string>{
                at("metrics.yaml") +
                    ":7:20: Metric \"cost\" refers to MetricsProvider \"prom\", which is not declared",
            }));
}

TEST_F(SchedulingLoadTest, AnUnknownKindOfTheSchedulingGroupIsAnError) {
  write_file(dir.path() / "policy.yaml", R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: Placement
metadata: {name: p}
)");
  EXPECT_EQ(errors(), (std::vector<std::string>{
                          at("policy.yaml") + ":2:7: unknown kind Placement in scheduling.ferry.dev; known: "
                                              "Location, Metric, MetricsProvider, PlacementPolicy",
                      }));
}

TEST_F(SchedulingLoadTest, TwoLocationsOfOneNameAreRefused) {
  write_file(dir.path() / "location-2.yaml", kAwsLocation);
  EXPECT_EQ(errors(), (std::vector<std::string>{
                          at("location.yaml") + ":1:1: Location \"aws\" is declared twice; first at " +
                              at("location-2.yaml") + ":1:1",
                      }));
}

TEST_F(SchedulingLoadTest, TheSchedulingDigestCoversPoliciesAndDestinationReadiness) {
  write_file(dir.path() / "policy.yaml", kPolicy);
  const std::string before = scheduling_digest(load_platform(dir.path()).platform);
  EXPECT_EQ(scheduling_digest(load_platform(dir.path()).platform), before);
  std::string policy = kPolicy;
  policy.replace(policy.find("count: 2"), 8, "count: 1");
  write_file(dir.path() / "policy.yaml", policy);
  const std::string changed_policy = scheduling_digest(load_platform(dir.path()).platform);
  EXPECT_NE(changed_policy, before);
  std::string destinations = kZonedDestinations;
  destinations +=
      "status:\n  conditions:\n  - {type: Ready, status: \"False\", reason: Down, message: gone}\n";
  write_file(dir.path() / "destinations.yaml", destinations);
  EXPECT_NE(scheduling_digest(load_platform(dir.path()).platform), changed_policy);
}

}  // namespace
}  // namespace ferry::runner
