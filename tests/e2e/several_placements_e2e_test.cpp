// The ferry binary on fixtures/scheduling with --runtime exec, seed 004's KCP text: two Placements with a
// namespaceSelector select one namespace (by its v1 Namespace object's labels) and bind it to both their
// Locations; `ferry explain` shows each Placement's choice, and, from the recorded state, what a deleted
// Placement placed that is removed. Checked in the store with the git CLI.
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

// The fixture's aws Location holds eu-1 and eu-2; this one holds eu-3 and us-1 (provider gcp).
constexpr const char* kGcpLocation = R"(---
apiVersion: scheduling.ferry.dev/v1alpha1
kind: Location
metadata:
  name: gcp
  labels: {cloud: gcp}
spec:
  instanceSelector:
    matchLabels: {provider: gcp}
)";

// Seed 004's example: Placements "aws" and "gce" both select the namespaces labelled app=foo.
constexpr const char* kTwoPlacements = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: PlacementPolicy
metadata: {name: redis-on-aws}
spec:
  promises: [redis]
  locationSelectors: [{matchLabels: {cloud: aws}}]
  namespaceSelector: {matchLabels: {app: foo}}
---
apiVersion: scheduling.ferry.dev/v1alpha1
kind: PlacementPolicy
metadata: {name: redis-on-gcp}
spec:
  promises: [redis]
  locationSelectors: [{matchLabels: {cloud: gcp}}]
  namespaceSelector: {matchLabels: {app: foo}}
)";

class SeveralPlacementsE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/scheduling", platform(), fs::copy_options::recursive);
  }
  fs::path platform() const { return dir.path() / "platform"; }

  // `ferry <command> PLATFORM --runtime exec ... <args>`: stdout; stderr in `error`.
  std::string ferry_on_fixture(const std::string& command, const FerryArgs& args, int expected_exit = 0) {
    const auto result =
        run_ferry(FerryArgs{command, platform().string(), "--runtime", "exec", "--exec-config",
                            std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml"} +
                  args);
    EXPECT_EQ(result.exit_code, expected_exit) << result.output << result.error_output;
    return result.output;
  }

  // The Destinations whose directory in the store holds a bundle of redis default/cache-a.
  std::set<std::string> holding_cache_a() const {
    const std::string part = "/resources/default/redis/cache-a/instance-configure/";
    return directories_holding(dir.path() / "state/clusters.git", "main", part);
  }

  TempDir dir;
};

TEST_F(SeveralPlacementsE2eTest, TwoPlacementsBindANamespaceToBothLocationsAndExplainShowsEach) {
  write_file(platform() / "scheduling/location.yaml",
             read_file(platform() / "scheduling/location.yaml") + kGcpLocation);
  std::string policies = read_file(platform() / "scheduling/policies.yaml");
  policies.erase(0, policies.find("---\n") + 4);  // redis-in-eu goes; kv-spread stays
  write_file(platform() / "scheduling/policies.yaml", std::string(kTwoPlacements) + "---\n" + policies);
  write_file(platform() / "namespaces.yaml",
             "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: default\n  labels: {app: foo}\n");
  const nlohmann::json report =
      nlohmann::json::parse(ferry_on_fixture("reconcile", {"--output", "json"}), nullptr, false);
  ASSERT_FALSE(report.is_discarded());
  std::set<std::string> policies_placing;
  for (const auto& r : report["requests"]) {
    if (r["name"] != "cache-a") continue;
    ASSERT_EQ(r["placements"].size(), 2u) << r.dump(2);
    for (const auto& p : r["placements"]) policies_placing.insert(p["policy"].get<std::string>());
  }
  EXPECT_EQ(policies_placing, (std::set<std::string>{"redis-on-aws", "redis-on-gcp"}));
  const std::set<std::string> held = holding_cache_a();
  ASSERT_EQ(held.size(), 2u);
  EXPECT_TRUE(held.count("eu-1") || held.count("eu-2"));
  EXPECT_TRUE(held.count("eu-3") || held.count("us-1"));

  const std::string explained = ferry_on_fixture("explain", {"--request", "default/cache-a"});
  EXPECT_NE(explained.find("    PlacementPolicies redis-on-aws, redis-on-gcp: one Destination in each one's "
                           "Location\n"),
            std::string::npos)
      << explained;
  EXPECT_NE(explained.find("(PlacementPolicies redis-on-aws, redis-on-gcp)\n"), std::string::npos)
      << explained;
  EXPECT_NE(explained.find("    PlacementPolicy redis-on-gcp\n"), std::string::npos) << explained;
}

// Seed 004: "A sync target will be removed when: corresponding Placement is deleted". Before the next run,
// explain reads the recorded placements and says what is removed and why.
TEST_F(SeveralPlacementsE2eTest, ExplainShowsWhatADeletedPlacementPlacedIsRemoved) {
  ASSERT_FALSE(nlohmann::json::parse(ferry_on_fixture("reconcile", {"--output", "json"}), nullptr, false)
                   .is_discarded());
  const std::set<std::string> before = holding_cache_a();
  ASSERT_EQ(before.size(), 1u);
  const std::string placed = *before.begin();
  std::string policies = read_file(platform() / "scheduling/policies.yaml");
  policies.erase(0, policies.find("---\n") + 4);  // the KCP Placement redis-in-eu is deleted
  write_file(platform() / "scheduling/policies.yaml", policies);

  const std::string explained = ferry_on_fixture("explain", {"--request", "default/cache-a"});
  const bool removed = explained.find("    note: removed from Destination " + placed +
                                      ": PlacementPolicy redis-in-eu was deleted\n") != std::string::npos;
  const bool again = explained.find(
                         "    note: PlacementPolicy redis-in-eu was deleted; placed again on "
                         "Destination " +
                         placed + " by the rules that apply now\n") != std::string::npos;
  EXPECT_TRUE(removed || again) << explained;
  EXPECT_EQ(holding_cache_a(), before) << "explain writes nothing";
}

}  // namespace
}  // namespace ferry::testing
