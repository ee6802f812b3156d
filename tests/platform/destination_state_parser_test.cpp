// Readiness (status.conditions Ready), the unschedulable taint and the metrics annotation of a Destination,
// as the parser reads them.
#include <gtest/gtest.h>

#include "platform/destination_parser.h"

namespace ferry::scheduler {
namespace {

using runner::parse_destination;

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

}  // namespace
}  // namespace ferry::scheduler
