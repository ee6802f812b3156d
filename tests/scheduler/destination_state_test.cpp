// A Destination that is not ready or tainted in placement (its state is read by
// platform/destination_parser.h, tests/platform/destination_state_parser_test.cpp).
#include <gtest/gtest.h>

#include "scheduler/destination.h"
#include "scheduler/placement.h"

namespace ferry::scheduler {
namespace {

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
