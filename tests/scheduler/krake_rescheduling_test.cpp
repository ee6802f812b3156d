// Krake's rules at the level of schedule() (seed 003): a backend without a label matches no label
// constraint on it, negations included; with rescheduling on, a group on a Destination that is not ONLINE
// (not ready) is scheduled again on the next run, without the misplaced-placements policy.
#include <gtest/gtest.h>

#include <algorithm>

#include "scheduler/schedule.h"

namespace ferry::scheduler {
namespace {

Destination krake_backend(std::string name, Labels labels, std::vector<DestinationMetric> metrics = {}) {
  Destination d{name, std::move(labels), false, name, "GitStateStore", "s", {}};
  d.metrics = std::move(metrics);
  return d;
}

GroupToPlace krake_app(std::optional<std::string> current = std::nullopt,
                       MisplacedPolicy policy = MisplacedPolicy::keep) {
  return GroupToPlace{"default/my-app/configure/5058f", {}, Cardinality::one, std::move(current), policy};
}

const DestinationVerdict& krake_verdict(const Decision& d, const std::string& name) {
  return *std::find_if(d.verdicts.begin(), d.verdicts.end(),
                       [&](const auto& v) { return v.destination == name; });
}

PlacementPolicy krake_policy(const std::string& text) {
  PlacementPolicy p;
  p.name = "krake";
  p.label_constraints = {*parse_label_constraint(text, {"policy.yaml", 1, 1})};
  return p;
}

// Seed 003: "restrict the deployment of resources only to backends that matches all defined labels".
TEST(KrakeLabels, ABackendWithoutTheLabelMatchesNoFormOfConstraint) {
  const std::vector<Destination> all = {krake_backend("de", {{"location", "DE"}}),
                                        krake_backend("fr", {{"location", "FR"}}),
                                        krake_backend("unlabelled", {})};
  const std::vector<std::pair<std::string, std::vector<std::string>>> rows = {
      {"location is DE", {"de"}},
      {"location = DE", {"de"}},
      {"location is not DE", {"fr"}},
      {"location != DE", {"fr"}},
      {"location in (DE, FR)", {"de", "fr"}},
      {"location not in (DE)", {"fr"}},
  };
  for (const auto& [text, eligible] : rows) {
    const PlacementPolicy policy = krake_policy(text);
    const Decision d = schedule(krake_app(), &policy, all, {});
    std::vector<std::string> passed;
    for (const DestinationVerdict& v : d.verdicts)
      if (v.eligible) passed.push_back(v.destination);
    EXPECT_EQ(passed, eligible) << text;
    EXPECT_FALSE(krake_verdict(d, "unlabelled").eligible) << text;
  }
}

TEST(KrakeLabels, TheExplanationOfAFailedNegationSaysTheLabelIsMissing) {
  const std::vector<Destination> all = {krake_backend("unlabelled", {})};
  const PlacementPolicy policy = krake_policy("location is not DE");
  const Decision d = schedule(krake_app(), &policy, all, {});
  EXPECT_EQ(krake_verdict(d, "unlabelled").predicates[0],
            (PredicateResult{"label constraint location!=DE", false, "no label location"}));
  EXPECT_EQ(
      d.placement.pending_reason,
      "no Destination matches <empty> and the predicates of PlacementPolicy krake (1 Destinations checked)");
}

class KrakeRescheduling : public ::testing::Test {
 protected:
  std::vector<Destination> all = {krake_backend("de-1", {{"location", "DE"}}),
                                  krake_backend("de-2", {{"location", "DE"}}),
                                  krake_backend("de-3", {{"location", "DE"}})};
  PlacementPolicy policy = [] {
    PlacementPolicy p = krake_policy("location is DE");
    p.rescheduling = true;
    return p;
  }();
  SchedulingContext context;
};

// "If a cluster isn't reachable, it is not considered in the scheduling process"; rescheduling runs the
// scheduling again. The misplaced policy is keep (the default) and still the group moves.
TEST_F(KrakeRescheduling, AGroupOnAnOfflineDestinationIsScheduledAgainWithoutTheMisplacedPolicy) {
  all[0].readiness = Readiness{false, "Unreachable", "connection refused"};
  const Placement p = schedule(krake_app("de-1"), &policy, all, context).placement;
  ASSERT_EQ(p.destinations.size(), 1u);
  EXPECT_NE(p.destinations[0], "de-1");
  EXPECT_EQ(p.moved_from, "de-1");
  EXPECT_EQ(p.moved_reason,
            "Destination de-1 is offline (not ready: Unreachable: connection refused); rescheduled by "
            "PlacementPolicy krake");
  EXPECT_FALSE(p.misplaced());
}

// Stickiness still applies among the online ones: a group on an online Destination stays where it is
// while nothing beats it, and the rest of the Destinations' scores decide where an offline one's group goes.
TEST_F(KrakeRescheduling, StickinessStillHoldsAmongTheOnlineDestinations) {
  all[0].readiness = Readiness{false, "Unreachable", ""};
  const Placement stays = schedule(krake_app("de-2"), &policy, all, context).placement;
  EXPECT_EQ(stays.destinations, (std::vector<std::string>{"de-2"}));
  EXPECT_FALSE(stays.moved_from);
  all[1].metrics = {{"load", 1}};
  all[2].metrics = {{"load2", 1}};
  context.normalised_metric_values = {{"load", 0.2}, {"load2", 0.9}};
  EXPECT_EQ(schedule(krake_app("de-1"), &policy, all, context).placement.destinations,
            (std::vector<std::string>{"de-3"}));
}

// Everything else keeps the misplaced policy: rescheduling off, a tainted (online) Destination, a
// Destination that no longer passes the predicates, or no other online Destination.
TEST_F(KrakeRescheduling, TheMisplacedPolicyStaysForEverythingElse) {
  PlacementPolicy off = policy;
  off.rescheduling = false;
  all[0].readiness = Readiness{false, "Unreachable", ""};
  EXPECT_TRUE(schedule(krake_app("de-1"), &off, all, context).placement.misplaced());
  all[0].readiness = {};
  all[0].unschedulable = "maintenance";
  EXPECT_TRUE(schedule(krake_app("de-1"), &policy, all, context).placement.misplaced());
  all[0].unschedulable.reset();
  all[0].labels = {{"location", "FR"}};
  EXPECT_TRUE(schedule(krake_app("de-1"), &policy, all, context).placement.misplaced());
  const Placement moved = schedule(krake_app("de-1", MisplacedPolicy::move), &policy, all, context).placement;
  EXPECT_EQ(moved.moved_from, "de-1");
  EXPECT_EQ(moved.moved_reason, "");
  for (Destination& d : all) d.readiness = Readiness{false, "Unreachable", ""};
  const Placement nowhere = schedule(krake_app("de-1"), &policy, all, context).placement;
  EXPECT_EQ(nowhere.destinations, (std::vector<std::string>{"de-1"}));
  EXPECT_TRUE(nowhere.misplaced());
}

}  // namespace
}  // namespace ferry::scheduler
