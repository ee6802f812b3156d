// Same-run neighbours in reconcile, against fakes (a recording runtime and a recording store), written
// from seed 002: "this workload should (or, in the case of anti-affinity, should not) run in an X if that
// X is already running one or more workloads that meet rule Y", where the other workloads are created in
// the same run. Two requests with required mutual anti-affinity land in different zones, for --jobs 1 and 4
// and both file orders; preferred anti-affinity spreads requests created together; required affinity to a
// request created in the same run holds in that run; the next run finds nothing misplaced.
// Every policy here also prefers zone a (weight 50), so that without the neighbours both would go there.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "platform/loader.h"
#include "run/reconcile.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

// Four dev Destinations, two per zone.
std::string destinations() {
  std::string text;
  for (const char* name : {"a-1", "a-2", "b-1", "b-2"}) {
    text += std::string(text.empty() ? "" : "---\n") +
            "apiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: " + name +
            "\n  labels: {env: dev, zone: " + std::string(1, name[0]) + "}\nspec:\n  path: " + name +
            "\n  stateStoreRef: {kind: GitStateStore, name: default}\n";
  }
  return text;
}

std::string request(const std::string& kind, const std::string& name, const std::string& app) {
  return "apiVersion: marketplace.kratix.io/v1beta1\nkind: " + kind + "\nmetadata:\n  name: " + name +
         "\n  namespace: team-a\n  labels: {app: " + app + "}\nspec:\n  size: small\n";
}

// A PlacementPolicy for Promise redis: `predicates` lines, and a preference for zone a.
std::string policy(const std::string& predicates) {
  return "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: caches}\n"
         "spec:\n  promises: [redis]\n  predicates:\n" +
         predicates +
         "  priorities:\n    clusterAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n"
         "      - {weight: 50, preference: {matchLabels: {zone: a}}}\n";
}

const char* kRequiredApart =
    "    workloadAntiAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
    "      - {labelSelector: {matchLabels: {app: cache}}, topologyKey: zone}\n";

// The same Promise as redis, named kv.
std::string kv_promise() {
  std::string text = kPromise;
  for (const auto& [from, to] : std::map<std::string, std::string>{{"redises", "kvs"}, {"redis", "kv"}}) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  }
  return text;
}

class SameRunReconcileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    write_file(root() / "stores.yaml", kStore);
    write_file(root() / "destinations.yaml", destinations());
    write_file(root() / "promise.yaml", kPromise);
  }

  std::filesystem::path root() const { return dir.path() / "platform"; }

  static runtime::ContainerExit write_outputs(const runtime::ContainerRun& run) {
    write_file(pipeline::host_path_of(run, "/kratix/output") / "out.yaml", "kind: Thing\n");
    return runtime::ContainerExit{0, false, ""};
  }

  RunReport run(int jobs) {
    LoadResult loaded = load_platform(root());
    EXPECT_TRUE(loaded.errors.empty()) << (loaded.errors.empty() ? "" : loaded.errors.front().render());
    pipeline::RecordingRuntime runtime(write_outputs);
    StoreOpener opener = [this](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(std::make_unique<SharedStore>(store));
    };
    std::filesystem::create_directories(dir.path() / "scratch");
    auto report = reconcile(loaded.platform, runtime, opener,
                            {dir.path() / "scratch", jobs, std::chrono::seconds(5), &secrets});
    EXPECT_TRUE(report.ok());
    return report.ok() ? *report : RunReport{};
  }

  // The zone ("a" or "b") of each request's Destination, by request name, from the report; "" when not
  // placed, "misplaced" when kept on a Destination its rules no longer allow.
  static std::map<std::string, std::string> zones(const RunReport& report) {
    std::map<std::string, std::string> by_request;
    for (const RequestReport& r : report.requests) {
      std::string& zone = by_request[r.name];
      for (const PlacementReport& p : r.placements)
        zone = p.misplaced.empty() ? p.destination.substr(0, 1) : "misplaced";
    }
    return by_request;
  }

  TempDir dir;
  pipeline::DirectorySecretSource secrets{dir.path() / "secrets", ""};
  writer::RecordingStateStore store;
};

// Each of --jobs 1 and 4, and each file order: a fresh platform and store.
struct Variant {
  int jobs;
  bool reversed;
};

class RequiredAntiAffinity : public SameRunReconcileTest, public ::testing::WithParamInterface<Variant> {};

TEST_P(RequiredAntiAffinity, TwoNewCachesLandInDifferentZonesAndTheNextRunFindsNothingMisplaced) {
  write_file(root() / "policy.yaml", policy(kRequiredApart));
  const bool reversed = GetParam().reversed;
  write_file(root() / (reversed ? "b.yaml" : "a.yaml"), request("redis", "cache-1", "cache"));
  write_file(root() / (reversed ? "a.yaml" : "b.yaml"), request("redis", "cache-2", "cache"));
  const RunReport first = run(GetParam().jobs);
  // cache-1 sorts first: it takes zone a, which it prefers; cache-2 must go to the other zone.
  EXPECT_EQ(zones(first), (std::map<std::string, std::string>{{"cache-1", "a"}, {"cache-2", "b"}}));
  for (const RequestReport& r : first.requests) EXPECT_EQ(r.result, RequestResult::succeeded) << r.message;
  const RunReport second = run(GetParam().jobs);  // no recorded state: both run and are decided again
  EXPECT_EQ(zones(second), (std::map<std::string, std::string>{{"cache-1", "a"}, {"cache-2", "b"}}));
  for (const RequestReport& r : second.requests) EXPECT_EQ(r.result, RequestResult::unchanged) << r.message;
}

INSTANTIATE_TEST_SUITE_P(JobsAndFileOrders, RequiredAntiAffinity,
                         ::testing::Values(Variant{1, false}, Variant{1, true}, Variant{4, false},
                                           Variant{4, true}));

TEST_F(SameRunReconcileTest, PreferredAntiAffinitySpreadsCachesCreatedTogether) {
  write_file(root() / "policy.yaml",
             policy("    workloadAntiAffinity:\n      preferredDuringSchedulingIgnoredDuringExecution:\n"
                    "      - weight: 100\n        workloadAffinityTerm:\n"
                    "          {labelSelector: {matchLabels: {app: cache}}, topologyKey: zone}\n"));
  write_file(root() / "requests.yaml",
             request("redis", "cache-2", "cache") + "---\n" + request("redis", "cache-1", "cache"));
  EXPECT_EQ(zones(run(3)), (std::map<std::string, std::string>{{"cache-1", "a"}, {"cache-2", "b"}}));
}

TEST_F(SameRunReconcileTest, RequiredAffinityToARequestCreatedInTheSameRunHoldsInThatRun) {
  // a-web (redis) must run in the zone of an app=db request; z-db (kv, no policy) is created with it.
  write_file(root() / "kv.yaml", kv_promise());
  write_file(root() / "policy.yaml",
             policy("    workloadAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n"
                    "      - {labelSelector: {matchLabels: {app: db}}, topologyKey: zone}\n"));
  write_file(root() / "requests.yaml",
             request("redis", "a-web", "web") + "---\n" + request("kv", "z-db", "db"));
  const RunReport report = run(2);
  for (const RequestReport& r : report.requests) EXPECT_EQ(r.result, RequestResult::succeeded) << r.message;
  const auto placed = zones(report);
  ASSERT_FALSE(placed.at("z-db").empty());
  EXPECT_EQ(placed.at("a-web"), placed.at("z-db"));
}

}  // namespace
}  // namespace ferry::runner
