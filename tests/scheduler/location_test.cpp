// KCP Locations (seed 004): pick one Location by its labels, then one Destination inside it; Pending,
// Unbound, Bound; failover inside the Location.
#include "scheduler/location.h"

#include <gtest/gtest.h>

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
      "moved from aws-1: it is in no Location that the locationSelectors select"}},
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

}  // namespace
}  // namespace ferry::scheduler
