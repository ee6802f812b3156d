// The ferry binary on fixtures/scheduling with --runtime exec: PlacementPolicies with a label constraint
// and a KCP Location (failover inside it when the bound Destination stops being Ready), a metric
// constraint on a file provider's value and spread over two zones; a KCP Placement binding all its requests
// to one Location, and removing them when it is not Ready or deleted. Checked in the store with the git CLI.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry::testing {
namespace {

namespace fs = std::filesystem;

class SchedulingE2eTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/scheduling", platform(), fs::copy_options::recursive);
  }
  fs::path platform() const { return dir.path() / "platform"; }

  // `ferry <command> PLATFORM --runtime exec ... <args>`: stdout; stderr left in dir/stderr.
  std::string ferry(const std::string& command, const FerryArgs& args, int& exit_code) {
    const auto result =
        run_ferry(FerryArgs{command, platform().string(), "--runtime", "exec", "--exec-config",
                            std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml"} +
                  args);
    write_file(dir.path() / "stderr", result.error_output);
    exit_code = result.exit_code;
    return result.output;
  }

  // `ferry reconcile --output json` with the default recorded state; `expected_exit` 3: something pending.
  nlohmann::json reconcile(int expected_exit = 0) {
    int code = 0;
    const std::string out = ferry("reconcile", {"--output", "json"}, code);
    EXPECT_EQ(code, expected_exit) << out << read_file(dir.path() / "stderr");
    return nlohmann::json::parse(out, nullptr, false);
  }

  // The request's placements in the report, as Destination names.
  static std::set<std::string> placed(const nlohmann::json& report, const std::string& name) {
    std::set<std::string> names;
    for (const auto& r : report["requests"]) {
      if (r["name"] != name) continue;
      for (const auto& p : r["placements"]) names.insert(p["destination"].get<std::string>());
    }
    return names;
  }

  static std::string result_of(const nlohmann::json& report, const std::string& name) {
    for (const auto& r : report["requests"]) {
      if (r["name"] == name) return r["result"];
    }
    return "";
  }

  // The Destinations whose directory in the store holds a bundle of <promise>/<request>.
  std::set<std::string> in_store(const std::string& promise, const std::string& request) const {
    const std::string part = "/resources/default/" + promise + "/" + request + "/instance-configure/";
    return directories_holding(dir.path() / "state/clusters.git", "main", part);
  }

  void make_not_ready(const std::string& destination) {
    std::string text = read_file(platform() / "destinations.yaml");
    const std::string anchor =
        "path: " + destination + "\n  stateStoreRef: {kind: GitStateStore, name: clusters}\n";
    ASSERT_NE(text.find(anchor), std::string::npos);
    text.insert(
        text.find(anchor) + anchor.size(),
        "status:\n  conditions:\n  - {type: Ready, status: \"False\", reason: Unreachable, message: down}\n");
    write_file(platform() / "destinations.yaml", text);
  }

  TempDir dir;
};

TEST_F(SchedulingE2eTest, PoliciesPlaceSpreadAndFailOverInsideTheLocation) {
  const nlohmann::json first = reconcile();
  ASSERT_FALSE(first.is_discarded());
  // redis: region eu and the aws Location, so eu-1 or eu-2 (eu-3 is in the EU but not aws).
  const std::set<std::string> redis = placed(first, "cache-a");
  ASSERT_EQ(redis.size(), 1u);
  const std::string bound = *redis.begin();
  ASSERT_TRUE(bound == "eu-1" || bound == "eu-2") << bound;
  EXPECT_EQ(in_store("redis", "cache-a"), redis);
  // kv: cost 2 of [0, 10] passes cost < 0.5 on eu-1, eu-2 and us-1 (eu-3 lists no metric); two zones.
  const std::set<std::string> kv = placed(first, "store-a");
  ASSERT_EQ(kv.size(), 2u);
  EXPECT_TRUE(kv.count("eu-2")) << "eu-2 is the only candidate of zone b";
  EXPECT_FALSE(kv.count("eu-3"));
  EXPECT_EQ(in_store("kv", "store-a"), kv);

  make_not_ready(bound);
  const nlohmann::json second = reconcile();
  EXPECT_EQ(result_of(second, "cache-a"), "succeeded") << second.dump(2);
  const std::string other = bound == "eu-1" ? "eu-2" : "eu-1";
  EXPECT_EQ(placed(second, "cache-a"), std::set<std::string>{other});
  EXPECT_EQ(in_store("redis", "cache-a"), std::set<std::string>{other});
  for (const auto& r : second["requests"]) {
    if (r["name"] == "cache-a") {
      EXPECT_EQ(r["placements"][0]["moved_from"], bound);
    }
  }

  const nlohmann::json third = reconcile();  // nothing changed: the recorded state skips both
  EXPECT_EQ(result_of(third, "cache-a"), "skipped");
  EXPECT_EQ(result_of(third, "store-a"), "skipped");
}

TEST_F(SchedulingE2eTest, ExplainShowsThePredicatesScoresAndTheLocation) {
  int code = 0;
  const std::string out = ferry("explain", {"--request", "default/cache-a"}, code);
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_NE(out.find("    PlacementPolicy redis-in-eu\n"), std::string::npos) << out;
  EXPECT_NE(out.find("    note: placement Bound, Location aws, Destination eu-"), std::string::npos) << out;
  EXPECT_NE(out.find("          failed label constraint region=eu\n"), std::string::npos) << out;
  EXPECT_NE(out.find("          score 0.181818: krake 0.181818 (stickiness 0x0.1, metric cost 0.2x1)\n"),
            std::string::npos)
      << out;
}

// Seed 004: a Placement chooses ONE Location for every namespace it binds, and a Placement that is not
// Ready has its sync targets removed. Two valid Locations (aws: eu-1, eu-2; gcp: eu-3 in region eu) and six
// redis requests: all on one Location. Then the policy selects no Location: every bundle is removed, and
// `ferry status` and `ferry explain` say Ready False.
TEST_F(SchedulingE2eTest, APlacementBindsItsRequestsToOneLocationAndRemovesThemWhenNotReady) {
  write_file(platform() / "scheduling/location-gcp.yaml",
             "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: Location\nmetadata:\n  name: gcp\n"
             "  labels: {cloud: gcp}\nspec:\n  instanceSelector:\n    matchLabels: {provider: gcp}\n");
  std::string policies = read_file(platform() / "scheduling/policies.yaml");
  const std::string aws_only = "    - matchLabels: {cloud: aws}\n";
  ASSERT_NE(policies.find(aws_only), std::string::npos);
  const auto select = [&](const std::string& selector) {
    std::string text = policies;
    text.replace(text.find(aws_only), aws_only.size(), selector);
    write_file(platform() / "scheduling/policies.yaml", text);
  };
  select("    - matchExpressions: [{key: cloud, operator: In, values: [aws, gcp]}]\n");
  std::string more;
  for (const char* name : {"cache-b", "cache-c", "cache-d", "cache-e", "cache-f"}) {
    more += std::string("---\napiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: ") +
            name + "\n  namespace: default\nspec:\n  size: small\n";
  }
  write_file(platform() / "requests/more-redis.yaml", more);
  const nlohmann::json first = reconcile();
  ASSERT_FALSE(first.is_discarded());
  const std::vector<std::string> caches = {"cache-a", "cache-b", "cache-c", "cache-d", "cache-e", "cache-f"};
  std::set<std::string> used;
  for (const std::string& cache : caches) {
    const std::set<std::string> in = in_store("redis", cache);
    ASSERT_EQ(in.size(), 1u) << cache;
    used.insert(*in.begin());
  }
  EXPECT_TRUE(used == std::set<std::string>{"eu-3"} || !used.count("eu-3")) << "two Locations used";

  select("    - matchLabels: {cloud: azure}\n");
  const nlohmann::json second = reconcile(3);
  for (const std::string& cache : caches) {
    EXPECT_EQ(result_of(second, cache), "pending") << cache;
    EXPECT_TRUE(in_store("redis", cache).empty()) << cache;
  }
  int code = 0;
  const std::string status = run_ferry(FerryArgs{"status", platform().string()}).output;
  EXPECT_NE(status.find("Pending: PlacementPolicy redis-in-eu condition Ready False: no Location matches the "
                        "locationSelectors"),
            std::string::npos)
      << status;
  const std::string explained = ferry("explain", {"--request", "default/cache-a"}, code);
  EXPECT_NE(explained.find("note: placement Pending, Ready False: no Location matches the locationSelectors"),
            std::string::npos)
      << explained;
}

// Seed 004: a sync target is removed when its Placement is deleted. Six redis requests placed by the KCP
// Placement redis-in-eu (Location aws: eu-1, eu-2); the policy is deleted: each request is placed again by
// Kratix's rules (environment=dev, any of the four Destinations), not kept where the Placement put it, and
// each one that moved says it was removed from its old Destination because redis-in-eu was deleted.
TEST_F(SchedulingE2eTest, DeletingAPlacementRemovesWhatItPlacedAndPlacesTheRequestsAgain) {
  std::string more;
  for (const char* name : {"cache-b", "cache-c", "cache-d", "cache-e", "cache-f"}) {
    more += std::string("---\napiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: ") +
            name + "\n  namespace: default\nspec:\n  size: small\n";
  }
  write_file(platform() / "requests/more-redis.yaml", more);
  ASSERT_FALSE(reconcile().is_discarded());
  const std::vector<std::string> caches = {"cache-a", "cache-b", "cache-c", "cache-d", "cache-e", "cache-f"};
  std::map<std::string, std::string> before;
  for (const std::string& cache : caches) {
    const std::set<std::string> in = in_store("redis", cache);
    ASSERT_EQ(in.size(), 1u) << cache;
    before[cache] = *in.begin();
    ASSERT_TRUE(before[cache] == "eu-1" || before[cache] == "eu-2") << cache << " " << before[cache];
  }

  std::string policies = read_file(platform() / "scheduling/policies.yaml");
  policies.erase(0, policies.find("---\n") + 4);  // redis-in-eu is deleted; kv-spread stays
  write_file(platform() / "scheduling/policies.yaml", policies);
  const nlohmann::json second = reconcile();
  int moved = 0;
  for (const std::string& cache : caches) {
    const std::set<std::string> in = in_store("redis", cache);
    ASSERT_EQ(in.size(), 1u) << cache;
    EXPECT_EQ(placed(second, cache), in) << cache;
    std::vector<std::string> notes;
    for (const auto& r : second["requests"]) {
      if (r["name"] == cache && r.contains("scheduling_notes")) notes = r["scheduling_notes"];
    }
    const std::string group = "pipeline \"instance-configure\" group \".\": ";
    const std::string note =
        *in.begin() == before[cache]
            ? group + "PlacementPolicy redis-in-eu was deleted; placed again on Destination " +
                  before[cache] + " by the rules that apply now"
            : group + "removed from Destination " + before[cache] +
                  ": PlacementPolicy redis-in-eu was deleted";
    EXPECT_EQ(notes, std::vector<std::string>{note}) << cache;
    moved += *in.begin() != before[cache] ? 1 : 0;
  }
  EXPECT_GT(moved, 0) << "every request kept where the deleted Placement put it";
}

TEST_F(SchedulingE2eTest, AnUnreadableMetricsFileIsNotFatal) {
  fs::remove(platform() / "metrics/costs.json");
  const nlohmann::json report = reconcile(3);
  // Without a value, "cost < 0.5" fails everywhere: kv is pending, redis (no metric constraint) still placed.
  EXPECT_EQ(result_of(report, "store-a"), "pending");
  EXPECT_EQ(result_of(report, "cache-a"), "succeeded");
}

}  // namespace
}  // namespace ferry::testing
