// Readiness (status.conditions Ready), the unschedulable taint and the metrics annotation of a Destination.
#include <gtest/gtest.h>

#include "scheduler/destination.h"
#include "scheduler/placement.h"

namespace ferry::scheduler {
namespace {

Result<Destination> parse_with_state(const std::string& metadata_extra, const std::string& status = "") {
  auto docs = parse_yaml_stream("kind: Destination\nmetadata:\n  name: a\n" + metadata_extra +
                                    "spec: {path: a, stateStoreRef: {name: s}}\n" + status,
                                "dest.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_destination(docs->at(0));
}

TEST(DestinationState, ReadyFalseKeepsReasonAndMessage) {
  auto d = parse_with_state(
      "",
      "status:\n  conditions:\n  - {type: Other, status: \"False\"}\n"
      "  - {type: Ready, status: \"False\", reason: Unreachable, message: git push failed}\n");
  ASSERT_TRUE(d.ok()) << d.error().render();
  EXPECT_EQ(d->readiness, (Readiness{false, "Unreachable", "git push failed"}));
  EXPECT_FALSE(d->takes_new_placements());
  EXPECT_EQ(d->why_not_schedulable(), "not ready: Unreachable: git push failed");
}

TEST(DestinationState, ReadyTrueOrAbsentIsReady) {
  EXPECT_TRUE(parse_with_state("", "status: {conditions: [{type: Ready, status: \"True\"}]}\n")
                  ->takes_new_placements());
  EXPECT_TRUE(parse_with_state("")->takes_new_placements());
  EXPECT_EQ(parse_with_state("")->why_not_schedulable(), "");
}

TEST(DestinationState, UnschedulableAnnotationTaints) {
  auto d = parse_with_state("  annotations: {scheduling.ferry.dev/unschedulable: \"decommissioning\"}\n");
  ASSERT_TRUE(d.ok()) << d.error().render();
  EXPECT_TRUE(d->readiness.ready);
  EXPECT_FALSE(d->takes_new_placements());
  EXPECT_EQ(d->why_not_schedulable(), "unschedulable: decommissioning");
}

TEST(DestinationState, MetricsAnnotationListsWeights) {
  auto d = parse_with_state(
      "  annotations:\n    scheduling.ferry.dev/metrics: \"heat_demand_zone_1=0.45, "
      "electricity_cost=0.1\"\n");
  ASSERT_TRUE(d.ok()) << d.error().render();
  EXPECT_EQ(d->metrics,
            (std::vector<DestinationMetric>{{"heat_demand_zone_1", 0.45}, {"electricity_cost", 0.1}}));
}

struct StateErrorRow {
  std::string annotation;  // the text after "scheduling.ferry.dev/metrics: " on line 5, column 35
  std::string message;
};

const std::vector<StateErrorRow> kStateErrorRows = {
    {"\"heat=0.45, cost=x\"",
     "dest.yaml:5:47: the weight of metric \"cost\" must be a positive number, found \"x\""},
    {"heat", "dest.yaml:5:35: metric entry \"heat\" must be <metric>=<weight>, e.g. heat_demand_zone_1=0.45"},
    {"heat=0", "dest.yaml:5:35: the weight of metric \"heat\" must be a positive number, found \"0\""},
    {"\"=1\"", "dest.yaml:5:36: metric entry \"=1\" must be <metric>=<weight>, e.g. heat_demand_zone_1=0.45"},
    {"\"a=1,,b=2\"",
     "dest.yaml:5:40: metric entry \"\" must be <metric>=<weight>, e.g. heat_demand_zone_1=0.45"},
    {"\"a=1, a=2\"", "dest.yaml:5:41: metric \"a\" is listed twice"},
};

TEST(DestinationState, BadMetricsEntriesAreLocated) {
  for (const StateErrorRow& row : kStateErrorRows) {
    auto d = parse_with_state("  annotations:\n    scheduling.ferry.dev/metrics: " + row.annotation + "\n");
    ASSERT_FALSE(d.ok()) << row.annotation;
    EXPECT_EQ(d.error().render(), row.message);
  }
}

Destination named(std::string name, bool ready) {
  Destination d{name, {{"env", "dev"}}, false, name, "GitStateStore", "s", {}};
  if (!ready) d.readiness = Readiness{false, "Down", "no heartbeat"};
  return d;
}

TEST(DestinationState, NotReadyTakesNoNewPlacement) {
  const GroupToPlace group{
      "ns/r/p/g", {{"env", "dev"}}, Cardinality::one, std::nullopt, MisplacedPolicy::keep};
  const Decision decision = decide(group, {named("down", false), named("up", true)});
  EXPECT_EQ(decision.placement.destinations, (std::vector<std::string>{"up"}));
  EXPECT_EQ(decision.verdicts[0].unschedulable, "not ready: Down: no heartbeat");
  EXPECT_FALSE(decision.verdicts[0].eligible);
  EXPECT_EQ(
      place(group, {named("down", false)}).pending_reason,
      "no Destination matches env=dev (1 Destinations checked; 1 that match are not ready or unschedulable)");
}

TEST(DestinationState, ExistingPlacementOnANotReadyDestinationFollowsThePolicy) {
  GroupToPlace group{
      "ns/r/p/g", {{"env", "dev"}}, Cardinality::one, std::string("down"), MisplacedPolicy::keep};
  const std::vector<Destination> destinations = {named("down", false), named("up", true)};
  const Placement kept = place(group, destinations);
  EXPECT_EQ(kept.destinations, (std::vector<std::string>{"down"}));
  EXPECT_EQ(kept.misplaced_reason, "Destination down is not ready: Down: no heartbeat");
  group.policy = MisplacedPolicy::move;
  const Placement moved = place(group, destinations);
  EXPECT_EQ(moved.destinations, (std::vector<std::string>{"up"}));
  EXPECT_EQ(moved.moved_from, "down");
}

}  // namespace
}  // namespace ferry::scheduler
