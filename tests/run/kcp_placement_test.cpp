// KCP Placements in reconcile (seed 004), against fakes: a Placement (a PlacementPolicy with
// locationSelectors) chooses ONE Location and binds all the requests it selects to it; the choice is kept
// while the Location stays valid; a Placement that is not Ready, or deleted, has its requests' bundles
// removed; after a Placement edit the moved_from reason names the Location change.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "tests/support/fake_reconcile.h"
#include "tests/support/scheduling_texts.h"

namespace ferry::runner {
namespace {

using ferry::testing::write_file;
using namespace ferry::runner::test_platform;

std::string placement(const std::string& location_selectors) {
  return "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: web}\n"
         "spec:\n  promises: [redis]\n  locationSelectors: " +
         location_selectors + "\n";
}

std::string request_named(const std::string& name) {
  std::string text = kRequest;
  text.replace(text.find("name: cache"), 11, "name: " + name);
  return text;
}

class KcpPlacementTest : public FakeReconcileTest {
 protected:
  void SetUp() override {
    write_file(root() / "stores.yaml", kStore);
    write_file(root() / "destinations.yaml", destinations());
    write_file(root() / "promise.yaml", kPromise);
    write_file(root() / "location.yaml", std::string(kAwsLocation) + "---\n" + kGceLocation);
  }

  // kZonedDestinations without their metrics: Krake's scores, which drop Destinations without metrics when
  // others have some, are not what these tests are about.
  static std::string destinations() {
    std::string text = kZonedDestinations;
    const std::string metrics = "  annotations:\n    scheduling.ferry.dev/metrics: \"cost=1\"\n";
    for (auto at = text.find(metrics); at != std::string::npos; at = text.find(metrics))
      text.erase(at, metrics.size());
    return text;
  }

  RunReport run() {
    ReconcileOptions options;
    options.container_timeout = std::chrono::seconds(5);
    if (with_state) options.state = &state;
    return reconcile_root(options, write_redis_output);
  }

  // The Destinations holding some request bundle.
  std::set<std::string> holders() const {
    std::set<std::string> names;
    for (const auto& [path, content] : store.files()) {
      if (path.find("/resources/team-a/redis/") != std::string::npos)
        names.insert(path.substr(0, path.find('/')));
    }
    return names;
  }

  bool with_state =
      false;  // the run state (run/run_state.h): what the previous run placed, and by which policy
  writer::RecordingStateStore state{"state"};
};

// Seed 004: "a selection rule to choose ONE Location ... and bind the selected location to MULTIPLE
// namespaces". Both Locations are valid; six requests must not be spread over them.
TEST_F(KcpPlacementTest, SixRequestsOfOnePlacementLandOnOneLocation) {
  write_file(root() / "policy.yaml",
             placement("[{matchExpressions: [{key: cloud, operator: In, values: [aws, gce]}]}]"));
  for (const char* name : {"cache-a", "cache-b", "cache-c", "cache-d", "cache-e", "cache-f"})
    write_file(root() / (std::string(name) + ".yaml"), request_named(name));
  const RunReport report = run();
  std::set<std::string> locations;
  for (const RequestReport& r : report.requests) {
    ASSERT_EQ(r.placements.size(), 1u) << r.name << ": " << r.message;
    locations.insert(r.placements[0].location);
  }
  EXPECT_EQ(locations.size(), 1u);
  const std::set<std::string> in_aws = {"dev-a", "dev-b"};
  const std::set<std::string> held = holders();
  const bool all_aws = std::all_of(held.begin(), held.end(), [&](const auto& d) { return in_aws.count(d); });
  EXPECT_TRUE(all_aws || held == std::set<std::string>{"dev-c"}) << held.size();
}

// Seed 004: "A sync target will be removed when: corresponding Placement is not in Ready condition", and
// a Placement is Ready when its selected location matches its spec and exists.
TEST_F(KcpPlacementTest, APlacementThatLosesItsLocationRemovesTheBundlesAndIsNotReady) {
  write_file(root() / "policy.yaml", placement("[{matchLabels: {cloud: aws}}]"));
  write_file(root() / "request.yaml", kRequest);
  const RequestReport first = run().requests.at(0);
  ASSERT_EQ(first.placements.size(), 1u) << first.message;
  const std::string bound = first.placements[0].destination;
  ASSERT_EQ(holders(), std::set<std::string>{bound});

  write_file(root() / "location.yaml", kGceLocation);  // the aws Location is deleted
  const RequestReport second = run().requests.at(0);
  EXPECT_EQ(second.result, RequestResult::pending);
  EXPECT_EQ(
      second.message,
      "pipeline \"instance-configure\" group \".\": Pending: PlacementPolicy web condition Ready False: "
      "no Location matches the locationSelectors; its bundle is removed from Destination " +
          bound);
  EXPECT_TRUE(holders().empty());
  ASSERT_EQ(second.commits.size(), 1u);
  EXPECT_EQ(second.scheduling_notes,
            (std::vector<std::string>{
                "pipeline \"instance-configure\" group \".\": placement Pending, Ready False: no Location "
                "matches the locationSelectors",
                "pipeline \"instance-configure\" group \".\": removed from Destination " + bound + ": " +
                    second.message.substr(second.message.find("Pending: "))}));
}

// Seed 004: a Location with no ready sync target is not valid either: the Placement is not Ready.
TEST_F(KcpPlacementTest, ALocationWithoutAReadyDestinationMakesThePlacementNotReady) {
  write_file(root() / "policy.yaml", placement("[{matchLabels: {cloud: gce}}]"));
  write_file(root() / "request.yaml", kRequest);
  ASSERT_EQ(run().requests.at(0).placements.size(), 1u);
  ASSERT_EQ(holders(), std::set<std::string>{"dev-c"});
  std::string text = destinations();
  text +=
      "status:\n  conditions:\n  - {type: Ready, status: \"False\", reason: Unreachable, message: down}\n";
  write_file(root() / "destinations.yaml", text);  // dev-c, the last one, is not ready
  const RequestReport second = run().requests.at(0);
  EXPECT_EQ(second.result, RequestResult::pending);
  EXPECT_NE(second.message.find("condition Ready False: no Location that matches the locationSelectors has a "
                                "ready Destination"),
            std::string::npos)
      << second.message;
  EXPECT_TRUE(holders().empty());
}

// After a Placement edit the group leaves a Destination that is still ready: the reason is the Location
// change, not readiness.
TEST_F(KcpPlacementTest, APlacementEditMovesToTheNewLocationAndSaysWhy) {
  write_file(root() / "policy.yaml", placement("[{matchLabels: {cloud: aws}}]"));
  write_file(root() / "request.yaml", kRequest);
  const std::string bound = run().requests.at(0).placements.at(0).destination;
  write_file(root() / "policy.yaml", placement("[{matchLabels: {cloud: gce}}]"));
  const RequestReport second = run().requests.at(0);
  ASSERT_EQ(second.placements.size(), 1u) << second.message;
  EXPECT_EQ(second.placements[0].destination, "dev-c");
  EXPECT_EQ(second.placements[0].location, "gce");
  EXPECT_EQ(second.placements[0].moved_from, bound);
  EXPECT_EQ(
      second.scheduling_notes,
      (std::vector<std::string>{"pipeline \"instance-configure\" group \".\": placement Bound, Location "
                                "gce, Destination dev-c: moved from " +
                                bound +
                                ": not in Location gce, the Location of PlacementPolicy web (Location "
                                "aws no longer matches the locationSelectors)"}));
  EXPECT_EQ(holders(), std::set<std::string>{"dev-c"});
}

// Seed 004: "A sync target will be removed when: corresponding Placement is deleted". The run state records
// that Placement web placed the request; once web is deleted its bundle is removed and the request is placed
// by the rules that apply now (Kratix's: the Promise's env=dev), not kept where web put it.
TEST_F(KcpPlacementTest, DeletingAPlacementRemovesWhatItPlacedAndPlacesTheRequestAgain) {
  with_state = true;
  write_file(root() / "policy.yaml", placement("[{matchLabels: {cloud: gce}}]"));
  write_file(root() / "request.yaml", request_named("cache-b"));
  const RequestReport first = run().requests.at(0);
  ASSERT_EQ(first.placements.size(), 1u) << first.message;
  ASSERT_EQ(first.placements[0].policy, "web");
  ASSERT_EQ(holders(), std::set<std::string>{"dev-c"});

  std::filesystem::remove(root() / "policy.yaml");
  const RequestReport second = run().requests.at(0);
  EXPECT_EQ(second.result, RequestResult::succeeded) << second.message;
  ASSERT_EQ(second.placements.size(), 1u) << second.message;
  const std::string now = second.placements[0].destination;
  EXPECT_EQ(second.placements[0].policy, "");
  EXPECT_EQ(holders(), std::set<std::string>{now});
  ASSERT_NE(now, "dev-c") << second.scheduling_notes.size();  // Kratix's stable hash for cache-b: not dev-c
  EXPECT_EQ(second.scheduling_notes,
            (std::vector<std::string>{"pipeline \"instance-configure\" group \".\": removed from Destination "
                                      "dev-c: PlacementPolicy web was deleted"}));
  ASSERT_EQ(second.commits.size(), 1u);  // one commit for the request in its one store
}

// Deleted, with no Destination that Kratix's rules give the request: pending, and the bundle is removed all
// the same (it is not kept where the deleted Placement put it).
TEST_F(KcpPlacementTest, DeletingAPlacementRemovesItsBundleEvenWhenNothingElseTakesTheRequest) {
  with_state = true;
  write_file(root() / "policy.yaml", placement("[{matchLabels: {cloud: gce}}]"));
  write_file(root() / "request.yaml", kRequest);
  ASSERT_EQ(run().requests.at(0).placements.size(), 1u);
  ASSERT_EQ(holders(), std::set<std::string>{"dev-c"});

  std::filesystem::remove(root() / "policy.yaml");
  std::string promise = kPromise;
  promise.replace(promise.find("matchLabels: {env: dev}"), 23, "matchLabels: {env: prod}");
  write_file(root() / "promise.yaml", promise);
  const RequestReport second = run().requests.at(0);
  EXPECT_EQ(second.result, RequestResult::pending);
  EXPECT_NE(
      second.message.find("; its bundle is removed from Destination dev-c (PlacementPolicy web was deleted)"),
      std::string::npos)
      << second.message;
  EXPECT_TRUE(holders().empty());
}

}  // namespace
}  // namespace ferry::runner
