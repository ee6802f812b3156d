// plan_request with a PlacementPolicy and a given RunScheduling (metric readings, placed workloads, a fake
// external chooser), and what `ferry explain` shows of it: every predicate and score term per Destination.
#include <gtest/gtest.h>

#include "placement/policy_placement.h"
#include "placement/run_scheduling.h"
#include "platform/loader.h"
#include "runner/explain.h"
#include "tests/support/platform_texts.h"
#include "tests/support/scheduling_texts.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

constexpr const char* kOtherRequest = R"(---
apiVersion: marketplace.kratix.io/v1beta1
kind: redis
metadata:
  name: backend
  namespace: team-a
  labels: {app: back-end}
spec:
  size: small
)";

class PolicyPlanTest : public ::testing::Test {
 protected:
  void load(const std::string& policy_spec) {
    write_file(dir.path() / "stores.yaml", kStore);
    write_file(dir.path() / "destinations.yaml", kZonedDestinations);
    write_file(dir.path() / "promise.yaml", kPromise);
    write_file(dir.path() / "request.yaml", std::string(kRequest) + kOtherRequest);
    write_file(dir.path() / "metrics.yaml", kCostMetric);
    write_file(dir.path() / "policy.yaml",
               "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: p}\n"
               "spec:\n  promises: [redis]\n" +
                   policy_spec);
    LoadResult loaded = load_platform(dir.path());
    ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().render();
    platform = std::move(loaded.platform);
  }

  // Plans the request team-a/cache with one default group, `placements` telling where others are now.
  RequestPlan plan(const PlacementIndex& placements, MetricReadings readings, ExternalChooser chooser = {}) {
    scheduling =
        std::make_unique<RunScheduling>(platform, placements, std::move(readings), std::move(chooser));
    const pipeline::PipelineResult result{
        "instance-configure",
        {{".", "5058f1af8388633f609cadb75a75dc9d", std::nullopt, {{"redis.yaml", "x\n"}}}}};
    return plan_request(platform, platform.requests.at(0), platform.promises.at(0), {result},
                        placements.bundles_of("team-a", "redis", "cache"), scheduling.get());
  }

  TempDir dir;
  Platform platform;
  std::unique_ptr<RunScheduling> scheduling;
};

TEST_F(PolicyPlanTest, ExplainShowsEveryPredicateAndScoreTermPerDestination) {
  load("  predicates:\n    labelConstraints: [\"cloud is aws\"]\n    metricConstraints: [\"cost < 0.5\"]\n");
  const RequestPlan planned = plan({}, {{{"cost", 0.25}}, {}});
  ASSERT_EQ(planned.decisions.size(), 1u);
  const std::string chosen = planned.decisions[0].decision.placement.destinations.at(0);
  const std::string score = "score 0.227273: krake 0.227273 (stickiness 0x0.1, metric cost 0.25x1)\n";
  EXPECT_EQ(render_explanation_text({"request team-a/cache", planned.decisions}),
            "request team-a/cache\n"
            "  pipeline instance-configure, group . (5058f), selector env=dev\n"
            "    PlacementPolicy p\n"
            "    dev-a  selector: met env=dev\n"
            "           met label constraint cloud=aws\n"
            "           met metric constraint cost < 0.5 (cost=0.250000)\n"
            "           " +
                score +
                "           eligible\n"
                "    dev-b  selector: met env=dev\n"
                "           met label constraint cloud=aws\n"
                "           met metric constraint cost < 0.5 (cost=0.250000)\n"
                "           " +
                score +
                "           eligible\n"
                "    dev-c  selector: met env=dev\n"
                "           failed label constraint cloud=aws\n"
                "           failed metric constraint cost < 0.5 (no metric cost)\n"
                "           not eligible\n"
                "    => goes to " +
                chosen + " (PlacementPolicy p)\n");
  const std::string json = render_explanation_json({"request team-a/cache", planned.decisions});
  EXPECT_NE(json.find("\"predicate\": \"label constraint cloud=aws\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"policy\": \"p\""), std::string::npos) << json;
}

TEST_F(PolicyPlanTest, RequiredWorkloadAffinityFollowsOtherRequestsPlacementsReadFromTheStores) {
  load(
      "  predicates:\n    workloadAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "      - labelSelector: {matchLabels: {app: back-end}}\n        topologyKey: zone\n");
  PlacementIndex placements;
  placements.add_path(platform, platform.stores.at(0),
                      "dev-b/resources/team-a/redis/backend/instance-configure/5058f/redis.yaml");
  const RequestPlan planned = plan(placements, {});
  ASSERT_EQ(planned.placements.size(), 1u);
  EXPECT_EQ(planned.placements[0].destination, "dev-b");  // the only Destination of zone b
}

TEST_F(PolicyPlanTest, ARequestsOwnPlacementIsNotAWorkloadItCanBeNear) {
  load(
      "  predicates:\n    workloadAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "      - labelSelector: {matchLabels: {app: back-end}}\n        topologyKey: zone\n");
  std::string labelled = kRequest;
  labelled.replace(labelled.find("  namespace: team-a\n"), 19,
                   "  namespace: team-a\n  labels: {app: back-end}\n");
  write_file(dir.path() / "request.yaml", labelled);
  platform = load_platform(dir.path()).platform;
  PlacementIndex placements;  // only cache itself is placed, on dev-b
  placements.add_path(platform, platform.stores.at(0),
                      "dev-b/resources/team-a/redis/cache/instance-configure/5058f/redis.yaml");
  const RequestPlan planned = plan(placements, {});
  ASSERT_EQ(planned.placements.size(), 1u);
  EXPECT_EQ(planned.placements[0].destination, "dev-b");
  EXPECT_EQ(planned.placements[0].misplaced,
            "Destination dev-b no longer passes the selector and predicates of PlacementPolicy p; no other "
            "Destination takes it");
}

TEST_F(PolicyPlanTest, TheExternalSchedulerGetsTheCandidatesMetricsAndCount) {
  load("  predicates:\n    labelConstraints: [\"cloud is aws\"]\n  spread: {count: 2}\n  schedulerName: x\n");
  SchedulerInput seen;
  const RequestPlan planned =
      plan({}, {{{"cost", 0.25}}, {}}, [&](const std::string& name, const SchedulerInput& input) {
        EXPECT_EQ(name, "x");
        seen = input;
        return Result<SchedulerOutput>(SchedulerOutput{{{"instance-configure/default", {"dev-b", "dev-a"}}}});
      });
  ASSERT_EQ(seen.groups.size(), 1u);
  EXPECT_EQ(seen.policy, "p");
  EXPECT_EQ(seen.groups[0].candidates, (std::vector<std::string>{"dev-a", "dev-b"}));
  EXPECT_EQ(seen.groups[0].count, 2);
  EXPECT_EQ(seen.groups[0].directory, "");
  ASSERT_EQ(seen.destinations.size(), 2u);
  EXPECT_EQ(seen.destinations[0].metrics, (std::map<std::string, double>{{"cost", 0.25}}));
  ASSERT_EQ(planned.placements.size(), 2u);
  EXPECT_EQ(planned.placements[0].destination, "dev-b");
  EXPECT_EQ(planned.placements[1].destination, "dev-a");
  EXPECT_EQ(planned.changes.at("default").bundles.size(), 2u);
}

}  // namespace
}  // namespace ferry::runner
