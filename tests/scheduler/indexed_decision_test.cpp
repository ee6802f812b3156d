// The indexed decide() (reconcile's path) against the full one (`ferry explain`'s): over thousands of seeded
// random platforms, selectors, current placements and policies, both give the same Placement, text for
// text, and the indexed verdicts are exactly the full ones of the Destinations they cover.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "scheduler/destination_index.h"
#include "scheduler/placement.h"

namespace ferry::scheduler {
namespace {

const std::vector<std::string> kKeys = {"env", "region", "tier"};
const std::vector<std::string> kValues = {"a", "b", "c"};

class Cases {
 public:
  explicit Cases(std::uint32_t seed) : random_(seed) {}

  std::size_t below(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }
  bool one_in(std::size_t n) { return below(n) == 0; }
  const std::string& value() { return kValues[below(kValues.size())]; }

  // Names repeat now and then (d0..d5 among up to 14), so duplicates are covered too.
  std::vector<Destination> destinations() {
    std::vector<Destination> all(below(15));
    for (std::size_t i = 0; i < all.size(); ++i) {
      Destination& d = all[i];
      d.name = one_in(8) ? "d" + std::to_string(below(6)) : "d" + std::to_string(i);
      for (const std::string& key : kKeys) {
        if (!one_in(3)) d.labels[key] = value();
      }
      d.strict_match_labels = one_in(4);
      if (one_in(6)) d.readiness = {false, "Failing", "store unreachable"};
      if (one_in(6)) d.unschedulable = "maintenance";
    }
    return all;
  }

  Requirement requirement() {
    Requirement r{kKeys[below(kKeys.size())]};
    r.op = static_cast<Operator>(below(6));
    r.value = value();
    for (const std::string& v : kValues) {
      if (one_in(2)) r.values.push_back(v);
    }
    if (one_in(2)) r.op = Operator::equals;  // matchLabels are the common case
    return r;
  }

  GroupToPlace group(const std::vector<Destination>& all, std::size_t n) {
    GroupToPlace g;
    g.key = "ns/req-" + std::to_string(n) + "/configure/5058f1af";
    for (std::size_t count = below(4); count > 0; --count) g.selector.push_back(requirement());
    g.cardinality = one_in(4) ? Cardinality::every_match : Cardinality::one;
    if (!all.empty() && one_in(2)) g.current = all[below(all.size())].name;
    if (one_in(8)) g.current = "gone";
    g.policy = one_in(2) ? MisplacedPolicy::keep : MisplacedPolicy::move;
    return g;
  }

 private:
  std::mt19937 random_;
};

void expect_same_placement(const Placement& fast, const Placement& full) {
  EXPECT_EQ(fast.destinations, full.destinations);
  EXPECT_EQ(fast.pending_reason, full.pending_reason);
  EXPECT_EQ(fast.misplaced_reason, full.misplaced_reason);
  EXPECT_EQ(fast.moved_from, full.moved_from);
}

// The indexed verdicts are the full verdicts at the positions the index cannot rule out plus the current
// Destination's, in order; no eligible Destination is left out.
void expect_verdicts_are_a_subset(const Decision& fast, const Decision& full, const DestinationIndex& index,
                                  const GroupToPlace& group) {
  std::vector<std::size_t> judged = index.may_match(group.selector);
  if (const auto current = group.current ? index.position_of(*group.current) : std::nullopt)
    judged.push_back(*current);
  std::sort(judged.begin(), judged.end());
  judged.erase(std::unique(judged.begin(), judged.end()), judged.end());
  ASSERT_EQ(fast.verdicts.size(), judged.size());
  for (std::size_t k = 0; k < judged.size(); ++k) {
    const DestinationVerdict& want = full.verdicts[judged[k]];
    const DestinationVerdict& got = fast.verdicts[k];
    EXPECT_EQ(got.destination, want.destination);
    EXPECT_EQ(got.eligible, want.eligible);
    EXPECT_EQ(got.score, want.score);
    EXPECT_EQ(got.strict_refused, want.strict_refused);
    EXPECT_EQ(got.unschedulable, want.unschedulable);
    ASSERT_EQ(got.terms.size(), want.terms.size());
    for (std::size_t t = 0; t < got.terms.size(); ++t) {
      EXPECT_EQ(got.terms[t].met, want.terms[t].met);
      EXPECT_EQ(got.terms[t].actual, want.terms[t].actual);
    }
  }
  for (std::size_t i = 0; i < full.verdicts.size(); ++i) {
    if (full.verdicts[i].eligible) {
      EXPECT_TRUE(std::binary_search(judged.begin(), judged.end(), i)) << i;
    }
  }
}

TEST(IndexedDecision, SameChoiceAndReasonsAsJudgingEveryDestination) {
  Cases cases(20240609);
  std::size_t pending = 0, misplaced = 0, moved = 0, placed = 0;
  for (std::size_t n = 0; n < 5000; ++n) {
    const std::vector<Destination> all = cases.destinations();
    const DestinationIndex index(all);
    const GroupToPlace group = cases.group(all, n);
    const Decision full = decide(group, all);
    const Decision fast = decide(group, all, index);
    SCOPED_TRACE("case " + std::to_string(n) + ": " + to_string(group.selector));
    expect_same_placement(fast.placement, full.placement);
    expect_verdicts_are_a_subset(fast, full, index, group);
    EXPECT_EQ(place(group, all, index).destinations, full.placement.destinations);
    pending += full.placement.pending();
    misplaced += full.placement.misplaced();
    moved += full.placement.moved_from.has_value();
    placed += !full.placement.pending() && !full.placement.misplaced();
    if (HasFailure()) return;
  }
  // The cases reach every outcome, so the comparison means something.
  EXPECT_GT(pending, 200u);
  EXPECT_GT(misplaced, 200u);
  EXPECT_GT(moved, 100u);
  EXPECT_GT(placed, 500u);
}

TEST(IndexedDecision, JudgesOnlyWhatTheIndexCannotRuleOutAndTheCurrentDestination) {
  std::vector<Destination> all;
  for (int i = 0; i < 100; ++i) {
    Destination d;
    d.name = "d" + std::to_string(i);
    d.labels = {{"env", i < 3 ? "dev" : "other-" + std::to_string(i)}};
    all.push_back(d);
  }
  const DestinationIndex index(all);
  GroupToPlace group;
  group.key = "ns/req/configure/1";
  group.selector = {{"env", "dev"}};
  group.current = "d50";
  const Decision fast = decide(group, all, index);
  ASSERT_EQ(fast.verdicts.size(), 4u);
  EXPECT_EQ(fast.verdicts.back().destination, "d50");
  EXPECT_EQ(fast.placement.misplaced_reason, decide(group, all).placement.misplaced_reason);

  group.selector = {{"env", "prod"}};
  group.current.reset();
  EXPECT_TRUE(decide(group, all, index).verdicts.empty());
  EXPECT_EQ(decide(group, all, index).placement.pending_reason,
            "no Destination matches env=prod (100 Destinations checked)");
}

}  // namespace
}  // namespace ferry::scheduler
