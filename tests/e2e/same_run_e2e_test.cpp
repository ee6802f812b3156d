// Same-run neighbours with the ferry binary on fixtures/scheduling (--runtime exec), written from seed 002:
// a workload must not run in a domain that already runs workloads matching its required anti-affinity,
// also when both are created in the same run. Two new redis requests (app=cache) with required mutual
// anti-affinity by zone land in different zones for --jobs 1 and 4 and both file orders, checked in the
// store with the git CLI; `ferry explain` names the request placed earlier in the run; a forced second run
// finds nothing misplaced. The policy prefers zone a (weight 50): without the neighbours both go there.
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

constexpr const char* kApartPolicy = R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: PlacementPolicy
metadata:
  name: caches-apart
spec:
  promises: [redis]
  predicates:
    workloadAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: cache}}
        topologyKey: zone
  priorities:
    clusterAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 50
        preference: {matchLabels: {zone: a}}
)";

std::string cache_request(const std::string& name) {
  return "apiVersion: marketplace.kratix.io/v1alpha1\nkind: redis\nmetadata:\n  name: " + name +
         "\n  namespace: default\n  labels: {app: cache}\nspec:\n  size: small\n";
}

// The zone of each fixture Destination (fixtures/scheduling/destinations.yaml).
std::string zone_of(const std::string& destination) {
  return destination == "eu-1" || destination == "us-1" ? "a" : "b";
}

struct Variant {
  std::string jobs;
  bool reversed;  // cache-2 in the file read first
};

class SameRunE2eTest : public ::testing::TestWithParam<Variant> {
 protected:
  void SetUp() override {
    fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/scheduling", platform(), fs::copy_options::recursive);
    fs::remove(platform() / "requests/requests.yaml");
    write_file(platform() / "scheduling/policies.yaml", kApartPolicy);
    const bool reversed = GetParam().reversed;
    write_file(platform() / (reversed ? "requests/b.yaml" : "requests/a.yaml"), cache_request("cache-1"));
    write_file(platform() / (reversed ? "requests/a.yaml" : "requests/b.yaml"), cache_request("cache-2"));
  }
  fs::path platform() const { return dir.path() / "platform"; }

  FerryResult ferry(const std::string& command, const FerryArgs& args) {
    return run_ferry(FerryArgs{command, platform().string(), "--runtime", "exec", "--exec-config",
                               std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml"} +
                     args);
  }

  nlohmann::json reconcile(const FerryArgs& args) {
    const FerryResult result =
        ferry("reconcile", FerryArgs{"--output", "json", "--jobs", GetParam().jobs} + args);
    EXPECT_EQ(result.exit_code, 0) << result.output << result.error_output;
    return nlohmann::json::parse(result.output, nullptr, false);
  }

  // The Destination directories of the store holding a bundle of redis/<request>.
  std::set<std::string> in_store(const std::string& request) const {
    const std::string part = "/resources/default/redis/" + request + "/";
    return directories_holding(dir.path() / "state/clusters.git", "main", part);
  }

  TempDir dir;
};

TEST_P(SameRunE2eTest, TwoNewCachesWithMutualAntiAffinityLandInDifferentZones) {
  // Before any run: cache-2 is decided after cache-1, which takes zone a.
  const FerryResult explained = ferry("explain", {"--request", "default/cache-2"});
  EXPECT_EQ(explained.exit_code, 0) << explained.error_output;
  EXPECT_NE(
      explained.output.find("  decided after these requests of the same run, which its workload affinity "
                            "sees:\n    default/cache-1: goes to "),
      std::string::npos)
      << explained.output;
  EXPECT_NE(explained.output.find("failed required workload anti-affinity app=cache by zone (zone=a hosts "
                                  "default/cache-1 on "),
            std::string::npos)
      << explained.output;
  EXPECT_NE(explained.output.find("(placed earlier in this run)"), std::string::npos) << explained.output;

  const nlohmann::json first = reconcile({});
  ASSERT_FALSE(first.is_discarded());
  const std::set<std::string> one = in_store("cache-1");
  const std::set<std::string> two = in_store("cache-2");
  ASSERT_EQ(one.size(), 1u);
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(zone_of(*one.begin()), "a");
  EXPECT_EQ(zone_of(*two.begin()), "b");

  // Every workflow again, both decided again: nothing misplaced, nothing moved.
  const nlohmann::json forced = reconcile({"--force"});
  ASSERT_FALSE(forced.is_discarded());
  for (const auto& r : forced["requests"]) {
    EXPECT_EQ(r["result"], "unchanged") << r.dump(2);
    for (const auto& p : r["placements"]) EXPECT_FALSE(p.contains("misplaced")) << r.dump(2);
  }
  EXPECT_EQ(in_store("cache-1"), one);
  EXPECT_EQ(in_store("cache-2"), two);
}

INSTANTIATE_TEST_SUITE_P(JobsAndFileOrders, SameRunE2eTest,
                         ::testing::Values(Variant{"1", false}, Variant{"1", true}, Variant{"4", false},
                                           Variant{"4", true}),
                         [](const auto& info) {
                           return "Jobs" + info.param.jobs + (info.param.reversed ? "Reversed" : "");
                         });

}  // namespace
}  // namespace ferry::testing
