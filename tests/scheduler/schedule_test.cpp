// schedule(): predicates, then priorities, then the choice, with every term in the verdicts. Scenarios
// from seeds 002 (Crossplane front-end/back-end), 003 (Krake constraints, metrics, rescheduling) and 004.
#include "scheduler/schedule.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace ferry::scheduler {
namespace {

Destination make_dest(std::string name, Labels labels, std::vector<DestinationMetric> metrics = {}) {
  Destination d{name, std::move(labels), false, name, "GitStateStore", "s", {}};
  d.metrics = std::move(metrics);
  return d;
}

GroupToPlace scheduled_group(std::optional<std::string> current = std::nullopt,
                             MisplacedPolicy policy = MisplacedPolicy::keep) {
  return GroupToPlace{"default/front-end/configure/5058f", {}, Cardinality::one, std::move(current), policy};
}

const DestinationVerdict& verdict(const Decision& d, const std::string& name) {
  return *std::find_if(d.verdicts.begin(), d.verdicts.end(),
                       [&](const auto& v) { return v.destination == name; });
}

TEST(Schedule, WithoutAPolicyItIsDecide) {
  const std::vector<Destination> all = {make_dest("a", {{"env", "dev"}}), make_dest("b", {{"env", "dev"}})};
  GroupToPlace g = scheduled_group();
  g.selector = {{"env", "dev"}};
  EXPECT_EQ(schedule(g, nullptr, all, {}).placement.destinations, decide(g, all).placement.destinations);
  EXPECT_EQ(schedule(g, nullptr, all, {}).verdicts.size(), 2u);
}

// Seed 002: the front-end must run on an aws cluster that runs the back-end.
TEST(Schedule, CrossplaneFrontEndGoesWhereTheBackEndRuns) {
  const std::vector<Destination> all = {
      make_dest("aws-1", {{"crossplane.io/provider", "aws"}, {"crossplane.io/kubernetes", "aws-1"}}),
      make_dest("aws-2", {{"crossplane.io/provider", "aws"}, {"crossplane.io/kubernetes", "aws-2"}}),
      make_dest("gcp-1", {{"crossplane.io/provider", "gcp"}, {"crossplane.io/kubernetes", "gcp-1"}}),
  };
  PlacementPolicy policy;
  policy.name = "front-end";
  policy.cluster_affinity.required_terms = {{{}, {{"crossplane.io/provider", LabelOperator::in, {"aws"}}}}};
  policy.workload_affinity.required = {
      {{{}, {{"app", LabelOperator::in, {"back-end"}}}}, "crossplane.io/kubernetes"}};
  SchedulingContext context;
  context.placed = {{"default/back-end", {{"app", "back-end"}}, "aws-2"}};
  const Decision d = schedule(scheduled_group(), &policy, all, context);
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"aws-2"}));
  EXPECT_EQ(verdict(d, "aws-1").predicates,
            (std::vector<PredicateResult>{
                {"required cluster affinity crossplane.io/provider in (aws)", true, ""},
                {"required workload affinity app in (back-end) by crossplane.io/kubernetes", false,
                 "crossplane.io/kubernetes=aws-1 hosts none"}}));
  EXPECT_FALSE(verdict(d, "gcp-1").eligible);
  EXPECT_FALSE(verdict(d, "gcp-1").predicates[0].met);
  // No back-end anywhere: pending, with the policy named.
  context.placed.clear();
  EXPECT_EQ(schedule(scheduled_group(), &policy, all, context).placement.pending_reason,
            "no Destination matches <empty> and the predicates of PlacementPolicy front-end (3 Destinations "
            "checked)");
}

// Seed 003: label constraint, metric constraint, and the score.
class Krake : public ::testing::Test {
 protected:
  std::vector<Destination> all = {make_dest("de-1", {{"location", "DE"}}, {{"load", 1}}),
                                  make_dest("de-2", {{"location", "DE"}}, {{"load", 1}, {"heat", 1}}),
                                  make_dest("fr-1", {{"location", "FR"}}, {{"load", 1}, {"heat", 1}})};
  PlacementPolicy policy = [] {
    PlacementPolicy p;
    p.name = "krake";
    p.label_constraints = {{"location", "DE"}};
    p.metric_constraints = {{"load", MetricOperator::less, 0.8}};
    return p;
  }();
  SchedulingContext context;
};

TEST_F(Krake, ConstraintsFilterAndTheWeightedMeanRanks) {
  context.normalised_metric_values = {{"load", 0.5}, {"heat", 0.9}};
  const Decision d = schedule(scheduled_group(), &policy, all, context);
  // de-1: (0·0.1 + 0.5·1) / (0.1 + 1) = 0.4545...; de-2: (0.5·1 + 0.9·1) / (0.1 + 2) = 0.6666...
  EXPECT_DOUBLE_EQ(verdict(d, "de-1").priority->total, 0.5 / 1.1);
  EXPECT_DOUBLE_EQ(verdict(d, "de-2").priority->total, 1.4 / 2.1);
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"de-2"}));
  EXPECT_EQ(verdict(d, "fr-1").predicates[0], (PredicateResult{"label constraint location=DE", false, ""}));
  EXPECT_FALSE(verdict(d, "fr-1").priority);
  EXPECT_EQ(verdict(d, "de-2").predicates[1],
            (PredicateResult{"metric constraint load < 0.8", true, "load=0.500000"}));
  context.normalised_metric_values["load"] = 0.85;
  EXPECT_TRUE(schedule(scheduled_group(), &policy, all, context).placement.pending());
}

TEST_F(Krake, ReschedulingMovesOnlyWhenAnotherBeatsTheCurrentScoreWithStickiness) {
  context.normalised_metric_values = {{"load", 0.5}, {"heat", 0.9}};
  // Off: stays on de-1 whatever the scores.
  EXPECT_EQ(schedule(scheduled_group("de-1"), &policy, all, context).placement.destinations,
            (std::vector<std::string>{"de-1"}));
  policy.rescheduling = true;
  // On: de-1 (current) (1·0.1 + 0.5) / 1.1 = 0.5454... < de-2 1.4 / 2.1 = 0.6666... → moves.
  const Placement moved = schedule(scheduled_group("de-1"), &policy, all, context).placement;
  EXPECT_EQ(moved.destinations, (std::vector<std::string>{"de-2"}));
  EXPECT_EQ(moved.moved_from, "de-1");
  // heat 0.6: de-2 (0.5 + 0.6) / 2.1 = 0.5238... < 0.5454... → stays: stickiness is the threshold.
  context.normalised_metric_values["heat"] = 0.6;
  const Placement stays = schedule(scheduled_group("de-1"), &policy, all, context).placement;
  EXPECT_EQ(stays.destinations, (std::vector<std::string>{"de-1"}));
  EXPECT_FALSE(stays.moved_from);
}

TEST_F(Krake, ANotReadyCurrentDestinationFollowsTheMisplacedPolicy) {
  context.normalised_metric_values = {{"load", 0.5}, {"heat", 0.9}};
  all[0].readiness = Readiness{false, "Unreachable", ""};
  const Placement kept = schedule(scheduled_group("de-1"), &policy, all, context).placement;
  EXPECT_EQ(kept.destinations, (std::vector<std::string>{"de-1"}));
  EXPECT_EQ(kept.misplaced_reason,
            "Destination de-1 no longer passes the selector and predicates of PlacementPolicy krake");
  const Placement moved =
      schedule(scheduled_group("de-1", MisplacedPolicy::move), &policy, all, context).placement;
  EXPECT_EQ(moved.destinations, (std::vector<std::string>{"de-2"}));
  EXPECT_EQ(moved.moved_from, "de-1");
}

TEST(Schedule, PreferredClusterAffinityAddsToTheScore) {
  const std::vector<Destination> all = {make_dest("plain", {}), make_dest("gold", {{"tier", "gold"}})};
  PlacementPolicy policy;
  policy.cluster_affinity.preferred = {{30, {{{"tier", "gold"}}, {}}}};
  const Decision d = schedule(scheduled_group(), &policy, all, {});
  // gold: 0 (no metrics, not current) + 30/100 = 0.3; plain: 0.
  EXPECT_DOUBLE_EQ(verdict(d, "gold").priority->total, 0.3);
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"gold"}));
}

TEST(Schedule, SpreadPlacesOnCountDestinationsAcrossZones) {
  const std::vector<Destination> all = {make_dest("eu-1", {{"zone", "eu"}}, {{"m", 1}}),
                                        make_dest("eu-2", {{"zone", "eu"}}, {{"m3", 1}}),
                                        make_dest("us-1", {{"zone", "us"}}, {{"m2", 1}})};
  PlacementPolicy policy;
  policy.spread = SpreadConstraint{2, "zone", 1};
  SchedulingContext context;
  // eu-1 0.9/1.1 > eu-2 0.8/1.1 > us-1 0.1/1.1; eu-2 would skew eu 2 : us 0, so us-1 comes second.
  context.normalised_metric_values = {{"m", 0.9}, {"m3", 0.8}, {"m2", 0.1}};
  EXPECT_EQ(schedule(scheduled_group(), &policy, all, context).placement.destinations,
            (std::vector<std::string>{"eu-1", "us-1"}));
}

// Seed 004: pick the aws Location, then a Destination in it; fail over inside it.
TEST(Schedule, LocationsPickOneLocationThenADestination) {
  const std::vector<Destination> all = {make_dest("aws-1", {{"provider", "aws"}}),
                                        make_dest("gce-1", {{"provider", "gce"}})};
  PlacementPolicy policy;
  policy.location_selectors = {{{{"cloud", "aws"}}, {}}};
  SchedulingContext context;
  context.locations = {{"aws", {{"cloud", "aws"}}, {{{"provider", "aws"}}, {}}, {}},
                       {"gce", {{"cloud", "gce"}}, {{{"provider", "gce"}}, {}}, {}}};
  Decision d = schedule(scheduled_group(), &policy, all, context);
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"aws-1"}));
  EXPECT_EQ(d.location->state, PlacementState::bound);
  std::vector<Destination> down = all;
  down[0].unschedulable = "maintenance";
  // Its only Destination down, the aws Location is no longer valid: the Placement is not Ready and the
  // group is removed from aws-1 (seed 004: a not-Ready SyncTarget or Placement has its sync target removed).
  d = schedule(scheduled_group("aws-1"), &policy, down, context);
  EXPECT_EQ(d.location->state, PlacementState::pending);
  EXPECT_EQ(d.placement.pending_reason,
            "Pending: PlacementPolicy  condition Ready False: no Location that matches the locationSelectors "
            "has a ready Destination; its bundle is removed from Destination aws-1");
  EXPECT_EQ(d.placement.removed_from, "aws-1");
  // A Location that is valid but has no Destination that takes this group leaves it Unbound, kept.
  policy.label_constraints = {{"tier", "gold"}};
  d = schedule(scheduled_group("aws-1"), &policy, all, context);
  EXPECT_EQ(d.location->state, PlacementState::unbound);
  EXPECT_EQ(d.placement.pending_reason, "Unbound: Location aws has no ready Destination that takes it");
  EXPECT_FALSE(d.placement.removed_from);
}

// Krake drops candidates without metrics when others have some; inside a KCP Location that holds among the
// Location's own Destinations: metrics on another Location's Destinations do not leave this one Unbound.
TEST(Schedule, KrakesMetricFilterHoldsInsideTheBoundLocation) {
  const std::vector<Destination> all = {make_dest("aws-1", {{"provider", "aws"}}, {{"load", 1}}),
                                        make_dest("gce-1", {{"provider", "gce"}}),
                                        make_dest("gce-2", {{"provider", "gce"}}, {{"load", 1}})};
  PlacementPolicy policy;
  policy.name = "web";
  policy.location_selectors = {{{{"cloud", "gce"}}, {}}};
  SchedulingContext context;
  context.normalised_metric_values = {{"load", 0.5}};
  context.locations = {{"aws", {{"cloud", "aws"}}, {{{"provider", "aws"}}, {}}, {}},
                       {"gce", {{"cloud", "gce"}}, {{{"provider", "gce"}}, {}}, {}}};
  Decision d = schedule(scheduled_group(), &policy, all, context);
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"gce-2"}));  // with metrics, preferred
  const std::vector<Destination> without_gce_2 = {all[0], all[1]};
  d = schedule(scheduled_group(), &policy, without_gce_2, context);
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"gce-1"})) << d.placement.pending_reason;
}

TEST(Schedule, TheIndexJudgesOnlyDestinationsThatMayMatchAndChoosesTheSame) {
  std::vector<Destination> all;
  for (int i = 0; i < 50; ++i)
    all.push_back(make_dest("d" + std::to_string(i), {{"zone", i % 10 == 0 ? "eu" : "us"}}));
  const DestinationIndex index(all);
  GroupToPlace g = scheduled_group("d7");
  g.selector = {{"zone", "eu"}};
  PlacementPolicy policy;
  SchedulingContext context;
  const Decision full = schedule(g, &policy, all, context);
  context.index = &index;
  const Decision indexed = schedule(g, &policy, all, context);
  EXPECT_EQ(full.verdicts.size(), 50u);
  EXPECT_EQ(indexed.verdicts.size(), 6u);  // d0, d10, ..., d40 and the current d7
  EXPECT_EQ(indexed.placement.destinations, full.placement.destinations);
  EXPECT_EQ(indexed.placement.misplaced_reason, full.placement.misplaced_reason);
}

TEST(DestinationIndex, MayMatchUsesTheShortestPostingList) {
  const std::vector<Destination> all = {make_dest("a", {{"env", "dev"}, {"zone", "eu"}}),
                                        make_dest("b", {{"env", "dev"}}),
                                        make_dest("c", {{"env", "prod"}, {"zone", "us"}})};
  const DestinationIndex index(all);
  EXPECT_EQ(index.may_match({{"env", "dev"}}), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(index.may_match({{"env", "dev"}, {"zone", "eu"}}), (std::vector<std::size_t>{0}));
  EXPECT_EQ(index.may_match({{"zone", "", Operator::in, {"us", "eu"}}}), (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(index.may_match({{"env", "staging"}}), (std::vector<std::size_t>{}));
  EXPECT_EQ(index.may_match({{"gpu", "", Operator::does_not_exist}}), (std::vector<std::size_t>{0, 1, 2}));
}

}  // namespace
}  // namespace ferry::scheduler
