// Stickiness, misplacement under both policies, and the verdicts `ferry explain` prints.
#include <gtest/gtest.h>

#include "scheduler/placement.h"
#include "tests/scheduler/placement_test_support.h"

namespace ferry::scheduler {
namespace {

using testing::dest;

GroupToPlace sticky_group(Selector selector, std::optional<std::string> current,
                          MisplacedPolicy policy = MisplacedPolicy::keep) {
  GroupToPlace g;
  g.key = "ns/req/p/5058f";
  g.selector = std::move(selector);
  g.current = std::move(current);
  g.policy = policy;
  return g;
}

const std::vector<Destination> kDevs = {dest("a", {{"env", "dev"}}), dest("b", {{"env", "dev"}}),
                                        dest("p", {{"env", "prod"}})};

TEST(Sticky, ACurrentPlacementThatStillMatchesIsKeptWhateverTheHashSays) {
  for (const char* current : {"a", "b"}) {
    const Placement p = place(sticky_group({{"env", "dev"}}, current), kDevs);
    EXPECT_EQ(p.destinations, std::vector<std::string>{current});
    EXPECT_FALSE(p.misplaced());
  }
}

TEST(Sticky, KeepPolicyKeepsAMisplacedGroupAndSaysWhy) {
  Placement p = place(sticky_group({{"env", "dev"}}, "p"), kDevs);
  EXPECT_EQ(p.destinations, std::vector<std::string>{"p"});
  EXPECT_EQ(p.misplaced_reason, "Destination p no longer matches env=dev");
  p = place(sticky_group({{"env", "dev"}}, "gone"), kDevs);
  EXPECT_EQ(p.destinations, std::vector<std::string>{"gone"});
  EXPECT_EQ(p.misplaced_reason, "Destination gone is no longer declared");
}

TEST(Sticky, MovePolicyChoosesAgainAndRecordsWhereFrom) {
  const Placement p = place(sticky_group({{"env", "dev"}}, "p", MisplacedPolicy::move), kDevs);
  ASSERT_EQ(p.destinations.size(), 1u);
  EXPECT_NE(p.destinations[0], "p");
  EXPECT_EQ(p.moved_from, "p");
  EXPECT_FALSE(p.misplaced());
  // The new choice is the one a fresh placement makes.
  EXPECT_EQ(p.destinations, place(sticky_group({{"env", "dev"}}, std::nullopt), kDevs).destinations);
}

TEST(Sticky, MovePolicyWithNowhereToGoKeepsTheGroupMisplaced) {
  const Placement p = place(sticky_group({{"env", "test"}}, "a", MisplacedPolicy::move), kDevs);
  EXPECT_EQ(p.destinations, std::vector<std::string>{"a"});
  EXPECT_EQ(p.misplaced_reason, "Destination a no longer matches env=test; no other Destination takes it");
}

TEST(Explain, VerdictsListEveryTermWithTheDestinationsValue) {
  const std::vector<Destination> all = {dest("a", {{"env", "dev"}, {"zone", "eu"}}),
                                        dest("b", {{"env", "prod"}}), dest("s", {{"env", "dev"}}, true)};
  const Decision d = decide(sticky_group({{"env", "dev"}, {"zone", "eu"}}, std::nullopt), all);
  ASSERT_EQ(d.verdicts.size(), 3u);
  EXPECT_TRUE(d.verdicts[0].eligible);
  EXPECT_FALSE(d.verdicts[1].eligible);
  EXPECT_EQ(d.verdicts[1].terms[0].actual, "prod");
  EXPECT_FALSE(d.verdicts[1].terms[0].met);
  EXPECT_EQ(d.verdicts[1].terms[1].actual, std::nullopt);
  EXPECT_EQ(d.placement.destinations, std::vector<std::string>{"a"});
  const Decision empty = decide(sticky_group({}, std::nullopt), all);
  EXPECT_TRUE(empty.verdicts[2].strict_refused);
  EXPECT_FALSE(empty.verdicts[2].eligible);
}

}  // namespace
}  // namespace ferry::scheduler
