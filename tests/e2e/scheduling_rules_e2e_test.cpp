// The ferry binary on copies of fixtures/scheduling with --runtime exec, its PlacementPolicies rewritten
// from the seeds' text (issue 28): Krake's label constraints against Kubernetes' matchExpressions on a
// Destination without the label; Krake's rescheduling off an offline Destination; Gt/Lt, the custom-resources
// constraint, a target Destination by name and priority functions. Checked in the store with the git CLI.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry::testing {
namespace {

namespace fs = std::filesystem;

const std::string kPolicyHead = "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\n";

class SchedulingRulesE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/scheduling", platform(), fs::copy_options::recursive);
  }
  fs::path platform() const { return dir.path() / "platform"; }

  // Replaces scheduling/policies.yaml: one policy for redis (cache-a), one for kv (store-a), each given
  // as the lines after "spec:\n" (promises added).
  void policies(const std::string& redis_spec, const std::string& kv_spec) {
    write_file(platform() / "scheduling/policies.yaml",
               kPolicyHead + "metadata: {name: redis-policy}\nspec:\n  promises: [redis]\n" + redis_spec +
                   "---\n" + kPolicyHead + "metadata: {name: kv-policy}\nspec:\n  promises: [kv]\n" +
                   kv_spec);
  }

  // Replaces the first occurrence of `anchor` in destinations.yaml with `replacement`.
  void edit_destinations(const std::string& anchor, const std::string& replacement) {
    std::string text = read_file(platform() / "destinations.yaml");
    const std::size_t at = text.find(anchor);
    ASSERT_NE(at, std::string::npos) << anchor;
    text.replace(at, anchor.size(), replacement);
    write_file(platform() / "destinations.yaml", text);
  }

  FerryResult ferry(const std::string& command, const FerryArgs& args = {}) {
    return run_ferry(FerryArgs{command, platform().string(), "--runtime", "exec", "--exec-config",
                               std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml"} +
                     args);
  }

  nlohmann::json reconcile(int expected_exit = 0) {
    const FerryResult result = ferry("reconcile", {"--output", "json"});
    EXPECT_EQ(result.exit_code, expected_exit) << result.output << result.error_output;
    return nlohmann::json::parse(result.output, nullptr, false);
  }

  static const nlohmann::json& request(const nlohmann::json& report, const std::string& name) {
    for (const auto& r : report["requests"])
      if (r["name"] == name) return r;
    static const nlohmann::json none = nlohmann::json::object();
    return none;
  }

  static std::set<std::string> placed(const nlohmann::json& report, const std::string& name) {
    std::set<std::string> names;
    for (const auto& p : request(report, name).value("placements", nlohmann::json::array()))
      names.insert(p["destination"].get<std::string>());
    return names;
  }

  // The Destinations whose directory in the store holds a bundle of <promise>/<request>.
  std::set<std::string> in_store(const std::string& promise, const std::string& name) const {
    const std::string part = "/resources/default/" + promise + "/" + name + "/instance-configure/";
    return directories_holding(dir.path() / "state/clusters.git", "main", part);
  }

  TempDir dir;
};

// Seed 003: only "backends that match all defined labels"; no fixture Destination has a `tier` label, so
// Krake's `tier not in (gold)` matches none of them, while Kubernetes' NotIn matches all of them.
TEST_F(SchedulingRulesE2eTest, KrakeNegationsFailWithoutTheLabelWhereMatchExpressionsHold) {
  policies(
      "  predicates: {labelConstraints: [\"tier not in (gold)\", \"tier != gold\"]}\n",
      "  predicates:\n    clusterAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "        clusterSelectorTerms: [{matchExpressions: [{key: tier, operator: NotIn, values: [gold]}]}]\n");
  const nlohmann::json report = reconcile(3);
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(request(report, "cache-a")["result"], "pending") << report.dump(2);
  EXPECT_EQ(in_store("redis", "cache-a"), std::set<std::string>{});
  EXPECT_EQ(request(report, "store-a")["result"], "succeeded");
  EXPECT_EQ(placed(report, "store-a").size(), 1u);
  const FerryResult explained = ferry("explain", {"--request", "default/cache-a"});
  EXPECT_NE(explained.output.find("failed label constraint tier notin (gold) (no label tier)"),
            std::string::npos)
      << explained.output;
}

// Seed 003: rescheduling runs the scheduling again and "if a cluster isn't reachable, it is not
// considered"; no misplaced-placements policy is set, and the group still leaves the offline Destination.
TEST_F(SchedulingRulesE2eTest, ReschedulingMovesOffAnOfflineDestinationWithoutTheMisplacedPolicy) {
  policies("  predicates: {labelConstraints: [\"region is eu\"]}\n  rescheduling: true\n",
           "  predicates: {labelConstraints: [\"region is us\"]}\n");
  const nlohmann::json first = reconcile();
  const std::set<std::string> before = placed(first, "cache-a");
  ASSERT_EQ(before.size(), 1u) << first.dump(2);
  const std::string offline = *before.begin();
  edit_destinations("path: " + offline + "\n  stateStoreRef: {kind: GitStateStore, name: clusters}\n",
                    "path: " + offline +
                        "\n  stateStoreRef: {kind: GitStateStore, name: clusters}\nstatus:\n  conditions:\n"
                        "  - {type: Ready, status: \"False\", reason: Unreachable, message: down}\n");
  const nlohmann::json second = reconcile();
  const nlohmann::json& moved = request(second, "cache-a");
  ASSERT_EQ(moved["placements"].size(), 1u) << second.dump(2);
  const std::string now = moved["placements"][0]["destination"];
  EXPECT_NE(now, offline);
  EXPECT_EQ(moved["placements"][0]["moved_from"], offline);
  EXPECT_EQ(moved["placements"][0]["moved_reason"],
            "Destination " + offline +
                " is offline (not ready: Unreachable: down); rescheduled by PlacementPolicy redis-policy");
  EXPECT_FALSE(moved["placements"][0].contains("misplaced"));
  EXPECT_EQ(in_store("redis", "cache-a"), std::set<std::string>{now});
}

// After the policy's locationSelectors change, the report says why the group left its (ready) Destination;
// it used to say the Destination was "no longer a ready Destination".
TEST_F(SchedulingRulesE2eTest, APolicyEditReportsTheTrueReasonForTheMove) {
  write_file(platform() / "scheduling/location.yaml",
             read_file(platform() / "scheduling/location.yaml") +
                 "---\napiVersion: scheduling.ferry.dev/v1alpha1\nkind: Location\nmetadata:\n  name: gcp\n"
                 "  labels: {cloud: gcp}\nspec:\n  instanceSelector:\n    matchLabels: {provider: gcp}\n");
  policies("  locationSelectors: [{matchLabels: {cloud: aws}}]\n",
           "  predicates: {labelConstraints: [\"region is us\"]}\n");
  const nlohmann::json first = reconcile();
  const std::set<std::string> before = placed(first, "cache-a");
  ASSERT_EQ(before.size(), 1u) << first.dump(2);
  const std::string old = *before.begin();
  policies("  locationSelectors: [{matchLabels: {cloud: gcp}}]\n",
           "  predicates: {labelConstraints: [\"region is us\"]}\n");
  const nlohmann::json second = reconcile();
  const nlohmann::json& moved = request(second, "cache-a");
  ASSERT_EQ(moved["placements"].size(), 1u) << second.dump(2);
  EXPECT_EQ(moved["placements"][0]["location"], "gcp");
  EXPECT_EQ(moved["placements"][0]["moved_from"], old);
  EXPECT_EQ(
      moved["placements"][0]["moved_reason"],
      "not in Location gcp, the Location of PlacementPolicy redis-policy (Location aws no longer matches "
      "the locationSelectors)");
  const std::string notes = moved["scheduling_notes"].dump();
  EXPECT_EQ(notes.find("no longer a ready Destination"), std::string::npos) << notes;
}

// Gt/Lt as Kubernetes node affinity; Krake's custom-resources constraint.
TEST_F(SchedulingRulesE2eTest, GtLtAndCustomResources) {
  edit_destinations("name: eu-1\n  labels: {", "name: eu-1\n  labels: {cpus: \"8\", ");
  edit_destinations("name: eu-2\n  labels: {", "name: eu-2\n  labels: {cpus: \"64\", ");
  edit_destinations("name: us-1\n  labels: {", "name: us-1\n  labels: {cpus: lots, ");
  policies(
      "  predicates:\n    clusterAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "        clusterSelectorTerms: [{matchExpressions: [{key: cpus, operator: Gt, values: ['16']}]}]\n",
      "  predicates: {customResources: [certificates.cert-manager.io]}\n");
  edit_destinations("name: eu-3\n",
                    "name: eu-3\n  annotations: {scheduling.ferry.dev/custom-resources: "
                    "\"certificates.cert-manager.io\"}\n");
  const nlohmann::json report = reconcile();
  EXPECT_EQ(placed(report, "cache-a"), std::set<std::string>{"eu-2"}) << report.dump(2);
  EXPECT_EQ(placed(report, "store-a"), std::set<std::string>{"eu-3"});
  EXPECT_EQ(in_store("kv", "store-a"), std::set<std::string>{"eu-3"});
}

// Seed 002: "cluster name is provided via workload spec definition: targetCluster".
TEST_F(SchedulingRulesE2eTest, ATargetDestinationByName) {
  policies("  targetDestination: {name: us-1}\n", "  targetDestination: {name: eu-1}\n");
  const nlohmann::json report = reconcile();
  EXPECT_EQ(placed(report, "cache-a"), std::set<std::string>{"us-1"}) << report.dump(2);
  EXPECT_EQ(placed(report, "store-a"), std::set<std::string>{"eu-1"});
  EXPECT_EQ(in_store("redis", "cache-a"), std::set<std::string>{"us-1"});
}

// Seed 002: priorities score 1..10 and the weighted sum ranks; the highest score wins.
TEST_F(SchedulingRulesE2eTest, PriorityFunctionsRankTheCandidates) {
  policies(
      "  priorities:\n    functions:\n    - weight: 100\n"
      "      labelScore: {label: zone, scores: {a: 2, b: 9}}\n"
      "  predicates: {labelConstraints: [\"provider is gcp\"]}\n",
      "  predicates: {labelConstraints: [\"region is us\"]}\n");
  // gcp: eu-3 (zone b, scores 9) and us-1 (zone a, scores 2). us-1 lists a metric and eu-3 does not: drop
  // us-1's, or Krake's rule (Destinations with metrics first) would decide instead of the priorities.
  edit_destinations("    scheduling.ferry.dev/metrics: \"cost=1\"\nspec:\n  path: us-1",
                    "spec:\n  path: us-1");
  edit_destinations(
      "name: us-1\n  labels: {environment: dev, region: us, zone: a, provider: gcp}\n  annotations:\n",
      "name: us-1\n  labels: {environment: dev, region: us, zone: a, provider: gcp}\n");
  const nlohmann::json report = reconcile();
  EXPECT_EQ(placed(report, "cache-a"), std::set<std::string>{"eu-3"}) << report.dump(2);
  const FerryResult explained = ferry("explain", {"--request", "default/cache-a"});
  EXPECT_NE(explained.output.find("priority labelScore zone (a=2,b=9) scores 9"), std::string::npos)
      << explained.output;
}

// Seed 003's namespaced Metric and MetricsProvider: one in the request's namespace wins over the global
// Metric of the same name; one in another namespace changes nothing for it.
TEST_F(SchedulingRulesE2eTest, ANamespacedMetricServesOnlyRequestsInItsNamespace) {
  policies("  predicates: {labelConstraints: [\"region is us\"]}\n",
           "  predicates: {metricConstraints: [\"cost < 0.5\"]}\n");
  const auto add_namespaced_cost = [&](const std::string& ns) {
    write_file(
        platform() / "scheduling/team-metrics.yaml",
        "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: Metric\nmetadata: {name: cost, namespace: " + ns +
            "}\nspec: {min: 0, max: 10, provider: {name: team-prices}}\n---\n"
            "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: MetricsProvider\n"
            "metadata: {name: team-prices, namespace: " +
            ns + "}\nspec: {type: static, static: {metrics: {cost: 9}}}\n");
  };
  add_namespaced_cost("default");  // store-a's namespace: cost 9 of [0, 10] fails cost < 0.5 everywhere
  nlohmann::json report = reconcile(3);
  EXPECT_EQ(request(report, "store-a")["result"], "pending") << report.dump(2);
  add_namespaced_cost("elsewhere");  // the global cost (2 of [0, 10]) again
  report = reconcile();
  EXPECT_EQ(request(report, "store-a")["result"], "succeeded") << report.dump(2);
  EXPECT_EQ(placed(report, "store-a").size(), 1u);
}

// Bad values are load errors at file:line:column.
TEST_F(SchedulingRulesE2eTest, BadGtValuesAndUndeclaredTargetsAreLoadErrors) {
  policies(
      "  predicates:\n    clusterAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
      "        clusterSelectorTerms: [{matchExpressions: [{key: cpus, operator: Lt, values: ['1.5']}]}]\n",
      "  targetDestination: {name: eu-9}\n");
  FerryResult result = run_ferry({"validate", platform().string()}, {.merge_stderr = true});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.output.find("scheduling/policies.yaml:9:87: error: \"spec.predicates.clusterAffinity."
                               "requiredDuringSchedulingIgnoredDuringExecution.clusterSelectorTerms[0]."
                               "matchExpressions[0].values[0]\" must be an integer for operator Lt, found "
                               "\"1.5\""),
            std::string::npos)
      << result.output;
  policies("  predicates: {labelConstraints: [\"region is eu\"]}\n", "  targetDestination: {name: eu-9}\n");
  result = run_ferry({"validate", platform().string()}, {.merge_stderr = true});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(
      result.output.find("scheduling/policies.yaml:13:29: error: PlacementPolicy \"kv-policy\" refers to "
                         "Destination \"eu-9\", which is not declared"),
      std::string::npos)
      << result.output;
}

}  // namespace
}  // namespace ferry::testing
