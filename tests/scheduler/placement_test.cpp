// Choosing Destinations: strictMatchLabels, every-match versus one, determinism and minimal movement.
#include "scheduler/placement.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "tests/scheduler/placement_test_support.h"

namespace ferry::scheduler {
namespace {

using testing::dest;

GroupToPlace group(std::string key, Selector selector, Cardinality cardinality = Cardinality::one) {
  GroupToPlace g;
  g.key = std::move(key);
  g.selector = std::move(selector);
  g.cardinality = cardinality;
  return g;
}

TEST(Placement, StrictDestinationWithLabelsRefusesEmptySelector) {
  const std::vector<Destination> all = {dest("strict", {{"env", "dev"}}, true),
                                        dest("loose", {{"env", "dev"}}), dest("strict-unlabelled", {}, true)};
  std::vector<std::string> names;
  for (auto* d : candidates({}, all)) names.push_back(d->name);
  EXPECT_EQ(names, (std::vector<std::string>{"loose", "strict-unlabelled"}));
  // A non-empty selector is unaffected by strictMatchLabels.
  EXPECT_EQ(candidates({{"env", "dev"}}, all).size(), 2u);
}

TEST(Placement, EveryMatchGoesToAllMatchingDestinationsSorted) {
  const std::vector<Destination> all = {dest("b", {{"env", "dev"}}), dest("c", {{"env", "prod"}}),
                                        dest("a", {{"env", "dev"}})};
  const Placement p = place(group("promise/redis", {{"env", "dev"}}, Cardinality::every_match), all);
  EXPECT_EQ(p.destinations, (std::vector<std::string>{"a", "b"}));
}

TEST(Placement, OneGoesToExactlyOneMatchingDestination) {
  const std::vector<Destination> all = {dest("a", {{"env", "dev"}}), dest("b", {{"env", "dev"}}),
                                        dest("c", {{"env", "prod"}})};
  for (int i = 0; i < 50; ++i) {
    const Placement p =
        place(group("default/r" + std::to_string(i), {{"env", "dev"}}, Cardinality::one), all);
    ASSERT_EQ(p.destinations.size(), 1u);
    EXPECT_NE(p.destinations[0], "c");
  }
}

TEST(Placement, NoMatchIsPendingWithAReason) {
  const std::vector<Destination> all = {dest("a", {{"env", "dev"}}, true)};
  EXPECT_EQ(place(group("k", {{"env", "prod"}}, Cardinality::one), all).pending_reason,
            "no Destination matches env=prod (1 Destinations checked)");
  EXPECT_EQ(place(group("k", {}, Cardinality::one), all).pending_reason,
            "no Destination takes a group with an empty selector: all 1 have strictMatchLabels and labels");
  EXPECT_EQ(place(group("k", {}, Cardinality::one), {}).pending_reason, "no Destinations are declared");
}

TEST(Placement, ChoiceIsStableUnderReorderingOfDestinations) {
  std::vector<Destination> all;
  for (int i = 0; i < 12; ++i) all.push_back(dest("d" + std::to_string(i), {{"env", "dev"}}));
  std::mt19937 shuffle_seed(7);
  for (int r = 0; r < 100; ++r) {
    const GroupToPlace g = group("ns/req" + std::to_string(r) + "/p/5058f", {{"env", "dev"}});
    const std::string first = place(g, all).destinations.at(0);
    auto shuffled = all;
    std::shuffle(shuffled.begin(), shuffled.end(), shuffle_seed);
    EXPECT_EQ(place(g, shuffled).destinations.at(0), first);
  }
}

TEST(Placement, AddingADestinationMovesOnlyGroupsThatGoToIt) {
  std::vector<Destination> all;
  for (int i = 0; i < 9; ++i) all.push_back(dest("d" + std::to_string(i), {}));
  std::map<std::string, std::string> before;
  const int groups = 3000;
  for (int r = 0; r < groups; ++r) {
    const std::string key = "ns/req" + std::to_string(r);
    before[key] = place(group(key, {}, Cardinality::one), all).destinations.at(0);
  }
  all.push_back(dest("d9", {}));
  int moved = 0;
  for (auto& [key, old] : before) {
    const std::string now = place(group(key, {}, Cardinality::one), all).destinations.at(0);
    if (now != old) {
      ++moved;
      EXPECT_EQ(now, "d9") << "a group moved between two old Destinations";
    }
  }
  // Expected share 1/10 of the groups; allow for the hash's variance.
  EXPECT_GT(moved, groups / 10 * 0.75);
  EXPECT_LT(moved, groups / 10 * 1.25);
}

}  // namespace
}  // namespace ferry::scheduler
