// Reconcile with PlacementPolicies, against fakes (a recording runtime and a recording store): label
// constraints, metrics from a file provider (and their failure), spread over zones, KCP Location failover
// and external schedulers (small real shell scripts in the platform directory).
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/fake_reconcile.h"
#include "tests/support/scheduling_texts.h"

namespace ferry::runner {
namespace {

using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

constexpr const char* kBundle = "resources/team-a/redis/cache/instance-configure/5058f/redis.yaml";

std::string policy(const std::string& spec_lines) {
  return "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: redis-policy}\n"
         "spec:\n  promises: [redis]\n" +
         spec_lines;
}

class PolicyReconcileTest : public FakeReconcileTest {
 protected:
  void SetUp() override {
    write_file(root() / "stores.yaml", kStore);
    write_file(root() / "destinations.yaml", kZonedDestinations);
    write_file(root() / "promise.yaml", kPromise);
    write_file(root() / "request.yaml", kRequest);
    write_file(root() / "metrics.yaml", kCostMetric);
    write_file(root() / "metrics.json", "{\"cost\": 2.5}\n");
    write_file(root() / "location.yaml", kAwsLocation);
  }

  RunReport run() {
    ReconcileOptions options;
    options.container_timeout = std::chrono::seconds(5);
    return reconcile_root(options, write_redis_output);
  }

  // The Destinations holding the request's bundle, by name.
  std::vector<std::string> holders() const {
    std::vector<std::string> names;
    for (const auto& [path, content] : store.files()) {
      if (path.ends_with(kBundle)) names.push_back(path.substr(0, path.find('/')));
    }
    return names;
  }

  void make_not_ready(const std::string& destination) {
    std::string text = kZonedDestinations;
    const std::string anchor =
        "path: " + destination + "\n  stateStoreRef: {kind: GitStateStore, name: default}\n";
    text.insert(
        text.find(anchor) + anchor.size(),
        "status:\n  conditions:\n  - {type: Ready, status: \"False\", reason: Unreachable, message: down}\n");
    write_file(root() / "destinations.yaml", text);
  }

  void write_scheduler(const std::string& answer) {
    write_file(root() / "schedulers/pick", "#!/bin/sh\ncat > /dev/null\necho '" + answer + "'\n");
    std::filesystem::permissions(root() / "schedulers/pick", std::filesystem::perms::owner_exec,
                                 std::filesystem::perm_options::add);
  }
};

TEST_F(PolicyReconcileTest, LabelConstraintsNarrowTheKratixSelector) {
  write_file(root() / "policy.yaml", policy("  predicates:\n    labelConstraints: [\"cloud is gcp\"]\n"));
  const RunReport report = run();
  const RequestReport& r = report.requests.at(0);
  EXPECT_EQ(r.result, RequestResult::succeeded) << r.message;
  ASSERT_EQ(r.placements.size(), 1u);
  EXPECT_EQ(r.placements[0].destination, "dev-c");
  EXPECT_EQ(r.placements[0].policy, "redis-policy");
  EXPECT_EQ(holders(), (std::vector<std::string>{"dev-c"}));
}

TEST_F(PolicyReconcileTest, NoDestinationPassingThePredicatesLeavesTheRequestPending) {
  write_file(root() / "policy.yaml", policy("  predicates:\n    labelConstraints: [\"cloud is azure\"]\n"));
  const RequestReport r = run().requests.at(0);
  EXPECT_EQ(r.result, RequestResult::pending);
  EXPECT_EQ(
      r.message,
      "pipeline \"instance-configure\" group \".\": no Destination matches env=dev and the predicates of "
      "PlacementPolicy redis-policy (3 Destinations checked)");
  EXPECT_TRUE(holders().empty());
}

TEST_F(PolicyReconcileTest, SpreadWritesTheGroupToOneDestinationPerZone) {
  write_file(root() / "policy.yaml", policy("  spread: {count: 2, topologyKey: zone}\n"));
  const RequestReport r = run().requests.at(0);
  EXPECT_EQ(r.result, RequestResult::succeeded) << r.message;
  ASSERT_EQ(r.placements.size(), 2u);
  // dev-c lists no metric while the others do, so Krake's rule leaves it out; dev-a and dev-b span a and b.
  EXPECT_EQ(holders(), (std::vector<std::string>{"dev-a", "dev-b"}));
  EXPECT_EQ(r.commits.size(), 1u);
}

TEST_F(PolicyReconcileTest, AnUnreadableMetricIsReportedAndNeverFatal) {
  std::filesystem::remove(root() / "metrics.json");
  write_file(root() / "policy.yaml", policy("  predicates:\n    labelConstraints: [\"cloud is aws\"]\n"));
  const RunReport report = run();
  const std::string failure =
      "metric \"cost\" (provider \"costs\"): cannot read metrics.json: No such file or directory";
  EXPECT_EQ(report.metric_failures, (std::vector<std::string>{failure}));
  const RequestReport& r = report.requests.at(0);
  EXPECT_EQ(r.result, RequestResult::succeeded) << r.message;
  EXPECT_EQ(r.scheduling_notes,
            (std::vector<std::string>{"pipeline \"instance-configure\" group \".\": " + failure}));
  EXPECT_EQ(holders().size(), 1u);
}

TEST_F(PolicyReconcileTest, AMetricConstraintReadsTheNormalisedFileValue) {
  // cost 2.5 normalised over [0, 10] is 0.25: "cost < 0.2" fails on dev-a and dev-b; dev-c has no metric.
  write_file(root() / "policy.yaml", policy("  predicates:\n    metricConstraints: [\"cost < 0.2\"]\n"));
  EXPECT_EQ(run().requests.at(0).result, RequestResult::pending);
  write_file(root() / "policy.yaml", policy("  predicates:\n    metricConstraints: [\"cost < 0.3\"]\n"));
  EXPECT_EQ(run().requests.at(0).result, RequestResult::succeeded);
  EXPECT_EQ(holders().size(), 1u);
  EXPECT_NE(holders().front(), "dev-c");
}

TEST_F(PolicyReconcileTest, ALocationFailsOverInsideItselfWhenItsDestinationIsNotReady) {
  write_file(root() / "policy.yaml", policy("  locationSelectors: [{matchLabels: {cloud: aws}}]\n"));
  const RequestReport first = run().requests.at(0);
  ASSERT_EQ(first.placements.size(), 1u) << first.message;
  const std::string bound = first.placements[0].destination;
  EXPECT_EQ(first.placements[0].location, "aws");
  EXPECT_EQ(first.placements[0].placement_state, "Bound");
  const std::string other = bound == "dev-a" ? "dev-b" : "dev-a";
  ASSERT_TRUE(bound == "dev-a" || bound == "dev-b") << bound;

  make_not_ready(bound);
  const RequestReport second = run().requests.at(0);
  EXPECT_EQ(second.result, RequestResult::succeeded) << second.message;
  ASSERT_EQ(second.placements.size(), 1u);
  EXPECT_EQ(second.placements[0].destination, other);
  EXPECT_EQ(second.placements[0].moved_from, bound);
  EXPECT_EQ(second.placements[0].location, "aws");
  EXPECT_EQ(holders(), (std::vector<std::string>{other}));
  ASSERT_EQ(second.scheduling_notes.size(), 1u);
  EXPECT_TRUE(second.scheduling_notes[0].starts_with(
      "pipeline \"instance-configure\" group \".\": placement Bound, Location aws, Destination " + other))
      << second.scheduling_notes[0];
}

TEST_F(PolicyReconcileTest, NoMatchingLocationLeavesTheRequestPendingInKcpsPendingState) {
  write_file(root() / "policy.yaml", policy("  locationSelectors: [{matchLabels: {cloud: azure}}]\n"));
  const RequestReport r = run().requests.at(0);
  EXPECT_EQ(r.result, RequestResult::pending);
  EXPECT_TRUE(r.message.starts_with("pipeline \"instance-configure\" group \".\": Pending: ")) << r.message;
}

TEST_F(PolicyReconcileTest, AnExternalSchedulerChoosesAmongTheCandidates) {
  write_file(root() / "policy.yaml", policy("  schedulerName: pick\n"));
  write_scheduler(R"({"placements": {"instance-configure/default": ["dev-c"]}})");
  const RequestReport r = run().requests.at(0);
  EXPECT_EQ(r.result, RequestResult::succeeded) << r.message;
  EXPECT_EQ(holders(), (std::vector<std::string>{"dev-c"}));
  EXPECT_EQ(r.scheduling_notes,
            (std::vector<std::string>{"pipeline \"instance-configure\" group \".\": chosen by "
                                      "external scheduler \"pick\""}));
}

TEST_F(PolicyReconcileTest, AnExternalChoiceOutsideTheCandidatesLeavesTheRequestPending) {
  write_file(root() / "policy.yaml",
             policy("  predicates:\n    labelConstraints: [\"cloud is aws\"]\n  schedulerName: pick\n"));
  write_scheduler(R"({"placements": {"instance-configure/default": ["dev-c"]}})");
  const RequestReport r = run().requests.at(0);
  EXPECT_EQ(r.result, RequestResult::pending);
  EXPECT_EQ(r.message,
            "PlacementPolicy redis-policy: external scheduler " +
                std::filesystem::absolute(root() / "schedulers/pick").string() +
                " chose \"dev-c\" for group \"instance-configure/default\", which is not one of its "
                "candidates (dev-a, dev-b)");
  EXPECT_TRUE(holders().empty());
}

TEST_F(PolicyReconcileTest, AnExternalSchedulerAnsweringNonsenseLeavesTheRequestPending) {
  write_file(root() / "policy.yaml", policy("  schedulerName: pick\n"));
  write_scheduler("not json");
  const RequestReport r = run().requests.at(0);
  EXPECT_EQ(r.result, RequestResult::pending);
  EXPECT_TRUE(r.message.starts_with("PlacementPolicy redis-policy: external scheduler ")) << r.message;
  EXPECT_NE(r.message.find(" answered invalid JSON: "), std::string::npos) << r.message;
}

TEST_F(PolicyReconcileTest, AMissingExternalSchedulerLeavesTheRequestPending) {
  write_file(root() / "policy.yaml", policy("  schedulerName: nowhere\n"));
  const RequestReport r = run().requests.at(0);
  EXPECT_EQ(r.result, RequestResult::pending);
  EXPECT_EQ(r.message,
            "PlacementPolicy redis-policy: schedulerName \"nowhere\": schedulers/nowhere does not "
            "exist in the platform directory");
}

}  // namespace
}  // namespace ferry::runner
