// KCP Locations (seed 004): pick one Location by its labels, then one Destination inside it; Pending,
// Unbound, Bound; failover inside the Location; ONE Location per Placement for all its groups, kept while
// valid.
#include "scheduler/location.h"

#include <gtest/gtest.h>

#include "scheduler/placement_binding.h"
#include "scheduler/score.h"

namespace ferry::scheduler {
namespace {

Destination cluster(std::string name, std::string provider) {
  return Destination{name, {{"provider", provider}}, false, name, "GitStateStore", "s", {}};
}

const std::vector<Destination> kDestinations = {cluster("aws-1", "aws"), cluster("aws-2", "aws"),
                                                cluster("gce-1", "gce")};
const std::vector<Location> kLocations = {
    {"aws", {{"cloud", "aws"}}, {{{"provider", "aws"}}, {}}, {}},
    {"gce", {{"cloud", "gce"}}, {{{"provider", "gce"}}, {}}, {}},
};
// The seed's Placement "aws": locationSelectors: [{matchLabels: {cloud: aws}}]
const std::vector<LabelSelector> kAws = {{{{"cloud", "aws"}}, {}}};

struct LocationRow {
  std::string name;
  std::vector<LabelSelector> selectors;
  std::vector<std::string> ranked_eligible;
  std::optional<std::string> current;
  LocationChoice expected;
};

const std::vector<LocationRow> kLocationRows = {
    {"NoLocationMatches",
     {{{{"cloud", "azure"}}, {}}},
     {"aws-1", "gce-1"},
     std::nullopt,
     {PlacementState::pending, "", "", "no Location matches the locationSelectors"}},
    {"NoReadyDestinationInside",
     kAws,
     {"gce-1"},
     std::nullopt,
     {PlacementState::unbound, "aws", "", "Location aws has no ready Destination that takes it"}},
    {"BoundToTheBestRanked",
     kAws,
     {"aws-2", "gce-1", "aws-1"},
     std::nullopt,
     {PlacementState::bound, "aws", "aws-2", ""}},
    {"StaysOnItsDestination", kAws, {"aws-2", "aws-1"}, "aws-1", {PlacementState::bound, "aws", "aws-1", ""}},
    {"IneligibleMovesInsideTheLocation",
     kAws,
     {"gce-1", "aws-2"},
     "aws-1",
     {PlacementState::bound, "aws", "aws-2",
      "moved from aws-1: Destination aws-1 no longer passes the selector and predicates"}},
    {"RemovedMovesInsideTheLocation",
     kAws,
     {"aws-2"},
     "aws-9",
     {PlacementState::bound, "aws", "aws-2", "moved from aws-9: Destination aws-9 is no longer declared"}},
    // The policy's locationSelectors were edited from aws to gce: aws-1 is ready and eligible still, and the
    // reason says what changed (it used to claim aws-1 was no longer a ready Destination).
    {"PolicyEditMovesToTheNewLocation",
     {{{{"cloud", "gce"}}, {}}},
     {"aws-1", "gce-1"},
     "aws-1",
     {PlacementState::bound, "gce", "gce-1",
      "moved from aws-1: not in Location gce, the Location of PlacementPolicy ns/r/p/g (Location aws no "
      "longer "
      "matches the locationSelectors)"}},
    {"StickyToTheCurrentLocation",
     {{{}, {{"cloud", LabelOperator::in, {"aws", "gce"}}}}},
     {"aws-1", "gce-1"},
     "gce-1",
     {PlacementState::bound, "gce", "gce-1", ""}},
};

TEST(Location, SeedPlacementTable) {
  for (const LocationRow& row : kLocationRows) {
    const LocationChoice choice = choose_location("ns/r/p/g", row.selectors, kLocations, kDestinations,
                                                  row.ranked_eligible, row.current);
    EXPECT_EQ(choice.state, row.expected.state) << row.name;
    EXPECT_EQ(choice.location, row.expected.location) << row.name;
    EXPECT_EQ(choice.destination, row.expected.destination) << row.name;
    EXPECT_EQ(choice.reason, row.expected.reason) << row.name;
  }
}

TEST(Location, ANotReadyOrTaintedCurrentDestinationIsNamedWithItsCondition) {
  std::vector<Destination> destinations = kDestinations;
  destinations[0].readiness = Readiness{false, "Unreachable", "git push failed"};
  LocationChoice choice = choose_location("ns/r/p/g", kAws, kLocations, destinations, {"aws-2"}, "aws-1");
  EXPECT_EQ(choice.destination, "aws-2");
  EXPECT_EQ(choice.reason, "moved from aws-1: Destination aws-1 is not ready: Unreachable: git push failed");
  destinations[0].readiness = {};
  destinations[0].unschedulable = "decommissioning";
  choice = choose_location("ns/r/p/g", kAws, kLocations, destinations, {"aws-2"}, "aws-1");
  EXPECT_EQ(choice.reason, "moved from aws-1: Destination aws-1 is unschedulable: decommissioning");
}

TEST(Location, WithoutACurrentOneTheStableHashPicksTheLocation) {
  const std::vector<LabelSelector> both = {{{{"cloud", "aws"}}, {}}, {{{"cloud", "gce"}}, {}}};
  for (const std::string key : {"ns/a/p/g", "ns/b/p/g", "ns/c/p/g", "ns/d/p/g"}) {
    const std::string expected = rendezvous_score(key, "aws") > rendezvous_score(key, "gce") ? "aws" : "gce";
    const LocationChoice choice =
        choose_location(key, both, kLocations, kDestinations, {"aws-1", "gce-1"}, {});
    EXPECT_EQ(choice.location, expected) << key;
    EXPECT_EQ(choice.destination, expected == "aws" ? "aws-1" : "gce-1");
  }
  EXPECT_STREQ(to_string(PlacementState::unbound), "Unbound");
}

const std::vector<LabelSelector> kAwsOrGce = {{{{"cloud", "aws"}}, {}}, {{{"cloud", "gce"}}, {}}};

// A Placement name for which `first` has the higher stable hash of the two Locations.
std::string placement_preferring(const std::string& first, const std::string& second) {
  for (int i = 0;; ++i) {
    const std::string name = "placement-" + std::to_string(i);
    if (rendezvous_score(name, first) > rendezvous_score(name, second)) return name;
  }
}

// Seed 004: a Placement chooses ONE Location and binds it to MULTIPLE namespaces: every group of it gets
// that Location, whatever its own key.
TEST(PlacementBinding, EveryGroupOfAPlacementGetsItsOneLocation) {
  const std::string placement = placement_preferring("gce", "aws");
  const PlacementBinding binding = bind_placement(placement, kAwsOrGce, kLocations, kDestinations, {});
  ASSERT_TRUE(binding.ready());
  EXPECT_EQ(binding.location->name, "gce");
  EXPECT_EQ(binding.reason, "");
  for (int i = 0; i < 6; ++i) {
    const LocationChoice choice = choose_location(binding, kDestinations, {"aws-1", "gce-1"}, std::nullopt);
    EXPECT_EQ(choice.location, "gce") << i;
    EXPECT_EQ(choice.destination, "gce-1") << i;
  }
}

// Chosen once, changed only when it stops being valid: a Location that hashes higher does not take it.
TEST(PlacementBinding, TheHeldLocationIsKeptWhileValid) {
  const std::string placement = placement_preferring("gce", "aws");
  const PlacementBinding kept = bind_placement(placement, kAwsOrGce, kLocations, kDestinations, {"aws-2"});
  ASSERT_TRUE(kept.ready());
  EXPECT_EQ(kept.location->name, "aws");
  // Groups on both: the Location holding most of them is kept.
  const PlacementBinding most =
      bind_placement(placement, kAwsOrGce, kLocations, kDestinations, {"aws-1", "aws-2", "gce-1"});
  EXPECT_EQ(most.location->name, "aws");
}

TEST(PlacementBinding, ALocationThatStopsBeingValidIsReplacedAndTheReasonSaysWhy) {
  const std::string placement = placement_preferring("aws", "gce");
  // No longer matching (the Placement was edited to gce only).
  const PlacementBinding edited =
      bind_placement(placement, {{{{"cloud", "gce"}}, {}}}, kLocations, kDestinations, {"aws-1"});
  EXPECT_EQ(edited.location->name, "gce");
  EXPECT_EQ(edited.reason, "Location aws no longer matches the locationSelectors");
  // No ready Destination in it.
  std::vector<Destination> down = kDestinations;
  down[0].readiness.ready = false;
  down[1].unschedulable = "decommissioned";
  const PlacementBinding unready = bind_placement(placement, kAwsOrGce, kLocations, down, {"aws-1"});
  EXPECT_EQ(unready.location->name, "gce");
  EXPECT_EQ(unready.reason, "Location aws has no ready Destination");
  // Deleted.
  const PlacementBinding deleted =
      bind_placement(placement, kAwsOrGce, {kLocations[1]}, kDestinations, {"aws-1"});
  EXPECT_EQ(deleted.location->name, "gce");
  EXPECT_EQ(deleted.reason, "no declared Location holds Destination aws-1 any more");
}

TEST(PlacementBinding, WithoutAValidLocationThePlacementIsNotReady) {
  const PlacementBinding none =
      bind_placement("p", {{{{"cloud", "azure"}}, {}}}, kLocations, kDestinations, {});
  EXPECT_FALSE(none.ready());
  EXPECT_EQ(none.reason, "no Location matches the locationSelectors");
  std::vector<Destination> down = kDestinations;
  down[2].readiness.ready = false;
  const PlacementBinding unready =
      bind_placement("p", {{{{"cloud", "gce"}}, {}}}, kLocations, down, {"gce-1"});
  EXPECT_FALSE(unready.ready());
  EXPECT_EQ(unready.reason, "no Location that matches the locationSelectors has a ready Destination");
  const LocationChoice choice = choose_location(unready, down, {}, std::string("gce-1"));
  EXPECT_EQ(choice.state, PlacementState::pending);
  EXPECT_EQ(choice.reason, unready.reason);
}

// After a Placement edit the old Destination is still ready: the reason is the Location change.
TEST(PlacementBinding, MovedFromAfterAnEditNamesTheLocationChange) {
  const PlacementBinding edited =
      bind_placement("web", {{{{"cloud", "gce"}}, {}}}, kLocations, kDestinations, {"aws-1"});
  const LocationChoice choice =
      choose_location(edited, kDestinations, {"aws-1", "gce-1"}, std::string("aws-1"));
  EXPECT_EQ(choice.destination, "gce-1");
  EXPECT_EQ(
      choice.reason,
      "moved from aws-1: not in Location gce, the Location of PlacementPolicy web (Location aws no longer "
      "matches the locationSelectors)");
}

}  // namespace
}  // namespace ferry::scheduler
