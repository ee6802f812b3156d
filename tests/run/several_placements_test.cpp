// Seed 004 in reconcile, against fakes: a Placement's namespaceSelector chooses the namespaces (by their v1
// Namespace objects' labels) whose requests it binds, and several Placements may select one namespace: each
// chooses ONE Location, and the namespace's requests go to one Destination in each.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "platform/loader.h"
#include "run/reconcile.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/scheduling_texts.h"
#include "tests/support/shared_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

// Seed 004's two Placements, "aws" and "gce", both selecting the namespaces labelled app=foo.
std::string seed_placement(const std::string& name, const std::string& cloud,
                           const std::string& namespaces = "{matchLabels: {app: foo}}") {
  return "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: " + name +
         "}\nspec:\n  promises: [redis]\n  locationSelectors: [{matchLabels: {cloud: " + cloud +
         "}}]\n  namespaceSelector: " + namespaces + "\n";
}

std::string namespace_object(const std::string& name, const std::string& labels) {
  return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + name + "\n  labels: " + labels + "\n";
}

std::string request_in(const std::string& name, const std::string& ns) {
  std::string text = kRequest;
  text.replace(text.find("name: cache"), 11, "name: " + name);
  text.replace(text.find("namespace: team-a"), 17, "namespace: " + ns);
  return text;
}

runtime::ContainerExit write_redis(const runtime::ContainerRun& run) {
  write_file(pipeline::host_path_of(run, "/kratix/output") / "redis.yaml", "kind: Redis\n");
  return runtime::ContainerExit{0, false, ""};
}

class SeveralPlacementsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string destinations = kZonedDestinations;
    const std::string metrics = "  annotations:\n    scheduling.ferry.dev/metrics: \"cost=1\"\n";
    for (auto at = destinations.find(metrics); at != std::string::npos; at = destinations.find(metrics))
      destinations.erase(at, metrics.size());
    write_file(root() / "stores.yaml", kStore);
    write_file(root() / "destinations.yaml", destinations);
    write_file(root() / "promise.yaml", kPromise);
    write_file(root() / "location.yaml", std::string(kAwsLocation) + "---\n" + kGceLocation);
  }

  std::filesystem::path root() const { return dir.path() / "platform"; }

  RunReport run() {
    LoadResult loaded = load_platform(root());
    EXPECT_TRUE(loaded.errors.empty()) << (loaded.errors.empty() ? "" : loaded.errors.front().render());
    pipeline::RecordingRuntime runtime(write_redis);
    StoreOpener opener = [this](const GitStateStore&) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(std::make_unique<SharedStore>(store));
    };
    std::filesystem::create_directories(dir.path() / "scratch");
    ReconcileOptions options{dir.path() / "scratch", 2, std::chrono::seconds(5), &secrets};
    options.state = &state;
    auto report = reconcile(loaded.platform, runtime, opener, options);
    EXPECT_TRUE(report.ok());
    return *report;
  }

  const RequestReport& request(const RunReport& report, const std::string& name) {
    for (const RequestReport& r : report.requests) {
      if (r.name == name) return r;
    }
    ADD_FAILURE() << "no request " << name;
    return report.requests.at(0);
  }

  // The Destinations holding a bundle of the request `name` in namespace `ns`.
  std::set<std::string> holders(const std::string& ns, const std::string& name) const {
    std::set<std::string> names;
    for (const auto& [path, content] : store.files()) {
      if (path.find("/resources/" + ns + "/redis/" + name + "/") != std::string::npos)
        names.insert(path.substr(0, path.find('/')));
    }
    return names;
  }

  TempDir dir;
  pipeline::DirectorySecretSource secrets{dir.path() / "secrets", ""};
  writer::RecordingStateStore store;
  writer::RecordingStateStore state{"state"};
};

// Seed 004: Placement aws binds namespace app=foo to a Location labelled cloud=aws; "the user can create
// another placement targeted to a different location for this Namespace" (gce), "which will result in
// another state.workload.kcp.io/<cluster-id> label": the namespace's request goes to both Locations, one
// Destination in each. A namespace without app=foo is bound by neither: Kratix's rules place it.
TEST_F(SeveralPlacementsTest, TwoPlacementsSelectingOneNamespaceBindItToBothLocations) {
  write_file(root() / "placements.yaml",
             seed_placement("aws", "aws") + "---\n" + seed_placement("gce", "gce"));
  write_file(root() / "namespaces.yaml",
             namespace_object("team-a", "{app: foo}") + "---\n" + namespace_object("team-b", "{app: bar}"));
  write_file(root() / "a.yaml", request_in("cache", "team-a"));
  write_file(root() / "b.yaml", request_in("other", "team-b"));
  const RunReport report = run();
  const RequestReport& both = request(report, "cache");
  ASSERT_EQ(both.placements.size(), 2u) << both.message;
  EXPECT_EQ(both.placements[0].policy, "aws");
  EXPECT_EQ(both.placements[0].location, "aws");
  EXPECT_EQ(both.placements[1].policy, "gce");
  EXPECT_EQ(both.placements[1].location, "gce");
  EXPECT_EQ(both.placements[1].destination, "dev-c");
  const std::set<std::string> held = holders("team-a", "cache");
  EXPECT_EQ(held.size(), 2u);
  EXPECT_TRUE(held.count("dev-c"));
  EXPECT_TRUE(held.count("dev-a") || held.count("dev-b"));
  EXPECT_EQ(both.commits.size(), 1u);  // one commit for both bundles in the one store

  const RequestReport& neither = request(report, "other");
  ASSERT_EQ(neither.placements.size(), 1u) << neither.message;
  EXPECT_EQ(neither.placements[0].policy, "");  // no Placement selects team-b: Kratix's rules
}

// A namespace with no Namespace object has no labels: a namespaceSelector with matchLabels selects none of
// its requests, while a Placement without namespaceSelector takes every namespace.
TEST_F(SeveralPlacementsTest, ANamespaceWithoutAnObjectHasNoLabels) {
  write_file(root() / "placements.yaml",
             seed_placement("aws", "aws") + "---\n" + seed_placement("gce", "gce", "{}"));
  write_file(root() / "a.yaml", request_in("cache", "team-a"));
  const RequestReport only_gce = run().requests.at(0);
  ASSERT_EQ(only_gce.placements.size(), 1u) << only_gce.message;
  EXPECT_EQ(only_gce.placements[0].policy, "gce");
  EXPECT_EQ(holders("team-a", "cache"), std::set<std::string>{"dev-c"});
}

// When one of two Placements stops being Ready (its Location is deleted), its sync target is removed and
// the other one's stays (seed 004: "A sync target will be removed when: corresponding Placement is not in
// Ready condition"); the request stays placed.
TEST_F(SeveralPlacementsTest, OnePlacementNotReadyRemovesOnlyItsBundle) {
  write_file(root() / "placements.yaml",
             seed_placement("aws", "aws") + "---\n" + seed_placement("gce", "gce"));
  write_file(root() / "namespaces.yaml", namespace_object("team-a", "{app: foo}"));
  write_file(root() / "a.yaml", request_in("cache", "team-a"));
  const RequestReport first = run().requests.at(0);
  ASSERT_EQ(first.placements.size(), 2u) << first.message;
  const std::string on_aws = first.placements[0].destination;

  write_file(root() / "location.yaml", kAwsLocation);  // gce is deleted: Placement gce is not Ready
  const RequestReport second = run().requests.at(0);
  EXPECT_EQ(second.result, RequestResult::succeeded) << second.message;
  ASSERT_EQ(second.placements.size(), 1u) << second.message;
  EXPECT_EQ(second.placements[0].destination, on_aws);  // sticky inside aws
  EXPECT_EQ(holders("team-a", "cache"), std::set<std::string>{on_aws});
  EXPECT_EQ(second.scheduling_notes,
            (std::vector<std::string>{
                "pipeline \"instance-configure\" group \".\": PlacementPolicy aws: placement Bound, "
                "Location aws, Destination " +
                    on_aws,
                "pipeline \"instance-configure\" group \".\": PlacementPolicy gce: placement Pending, Ready "
                "False: no Location matches the locationSelectors",
                "pipeline \"instance-configure\" group \".\": PlacementPolicy gce: removed from Destination "
                "dev-c: Pending: PlacementPolicy gce condition Ready False: no Location matches the "
                "locationSelectors; its bundle is removed from Destination dev-c"}));
}

// The namespace's labels change so that Placement gce no longer selects it: what gce placed is removed
// (the run state records that gce placed it), what aws placed stays.
TEST_F(SeveralPlacementsTest, ANamespaceNoLongerSelectedLosesThatPlacementsBundle) {
  write_file(root() / "placements.yaml", seed_placement("aws", "aws") + "---\n" +
                                             seed_placement("gce", "gce", "{matchLabels: {gpu: 'yes'}}"));
  write_file(root() / "namespaces.yaml", namespace_object("team-a", "{app: foo, gpu: 'yes'}"));
  write_file(root() / "a.yaml", request_in("cache", "team-a"));
  ASSERT_EQ(run().requests.at(0).placements.size(), 2u);
  ASSERT_TRUE(holders("team-a", "cache").count("dev-c"));

  write_file(root() / "namespaces.yaml", namespace_object("team-a", "{app: foo}"));
  const RequestReport second = run().requests.at(0);
  ASSERT_EQ(second.placements.size(), 1u) << second.message;
  EXPECT_EQ(second.placements[0].policy, "aws");
  EXPECT_FALSE(holders("team-a", "cache").count("dev-c"));
  EXPECT_EQ(
      second.scheduling_notes.back(),
      "pipeline \"instance-configure\" group \".\": removed from Destination dev-c: PlacementPolicy gce "
      "no longer selects namespace team-a");
}

// Two Placements whose selectors take the same Location: one Destination in it for the namespace (seed 004:
// "each location can only have one sync target bound to the namespace").
TEST_F(SeveralPlacementsTest, TwoPlacementsOnOneLocationShareItsOneDestination) {
  // Alone, aws would choose dev-a (zone a) and aws-too dev-b (zone b), both in Location aws.
  write_file(root() / "placements.yaml", seed_placement("aws", "aws", "{}") +
                                             "  predicates: {labelConstraints: [\"zone is a\"]}\n---\n" +
                                             seed_placement("aws-too", "aws", "{}") +
                                             "  predicates: {labelConstraints: [\"zone is b\"]}\n");
  write_file(root() / "a.yaml", request_in("cache", "team-a"));
  const RequestReport report = run().requests.at(0);
  ASSERT_EQ(report.placements.size(), 1u) << report.message;
  EXPECT_EQ(report.placements[0].policy, "aws");
  EXPECT_EQ(holders("team-a", "cache"), std::set<std::string>{"dev-a"});
  EXPECT_EQ(report.scheduling_notes.back(),
            "pipeline \"instance-configure\" group \".\": PlacementPolicy aws-too: placement Bound, Location "
            "aws, Destination dev-a: Location aws is bound by PlacementPolicy aws too; one Destination per "
            "Location");
}

}  // namespace
}  // namespace ferry::runner
