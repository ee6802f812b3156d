// The seeds' later rules at the level of schedule(): Gt/Lt in cluster affinity (seed 002 builds on the
// Kubernetes node selector), a target Destination by name (seed 002's targetCluster), priority functions
// scored 1..10 (seed 002) and Krake's custom-resources constraint (seed 003).
#include <gtest/gtest.h>

#include <algorithm>

#include "scheduler/custom_resources.h"
#include "scheduler/schedule.h"

namespace ferry::scheduler {
namespace {

Destination rule_cluster(std::string name, Labels labels) {
  return Destination{name, std::move(labels), false, name, "GitStateStore", "s", {}};
}

GroupToPlace rule_group(std::optional<std::string> current = std::nullopt) {
  return GroupToPlace{"default/test-workload/configure/5058f", {}, Cardinality::one, std::move(current)};
}

std::vector<std::string> rule_eligible(const Decision& d) {
  std::vector<std::string> names;
  for (const DestinationVerdict& v : d.verdicts)
    if (v.eligible) names.push_back(v.destination);
  return names;
}

const DestinationVerdict& rule_verdict(const Decision& d, const std::string& name) {
  return *std::find_if(d.verdicts.begin(), d.verdicts.end(),
                       [&](const auto& v) { return v.destination == name; });
}

// Kubernetes node affinity: Gt/Lt hold only on a present integer label strictly above (below) the value.
TEST(SeedRules, GtAndLtInRequiredClusterAffinity) {
  const std::vector<Destination> all = {rule_cluster("small", {{"cpus", "4"}}),
                                        rule_cluster("big", {{"cpus", "64"}}),
                                        rule_cluster("huge", {{"cpus", "128"}}),
                                        rule_cluster("odd", {{"cpus", "many"}}), rule_cluster("none", {})};
  PlacementPolicy policy;
  policy.name = "sized";
  policy.cluster_affinity.required_terms = {
      {{}, {{"cpus", LabelOperator::greater_than, {"4"}}, {"cpus", LabelOperator::less_than, {"100"}}}}};
  const Decision d = schedule(rule_group(), &policy, all, {});
  EXPECT_EQ(rule_eligible(d), (std::vector<std::string>{"big"}));
  EXPECT_EQ(rule_verdict(d, "odd").predicates[0].predicate, "required cluster affinity cpus>4,cpus<100");
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"big"}));
}

// Seed 002: "cluster name is provided via workload spec definition: targetCluster".
TEST(SeedRules, ATargetDestinationIsTheOnlyCandidateAndStillPassesThePredicates) {
  std::vector<Destination> all = {rule_cluster("demo-cluster", {{"env", "dev"}}),
                                  rule_cluster("other", {{"env", "dev"}})};
  PlacementPolicy policy;
  policy.name = "pinned";
  policy.target_destination = "demo-cluster";
  Decision d = schedule(rule_group(), &policy, all, {});
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"demo-cluster"}));
  EXPECT_EQ(rule_verdict(d, "other").predicates[0],
            (PredicateResult{"target Destination demo-cluster", false, ""}));
  policy.label_constraints = {{"env", "prod"}};
  d = schedule(rule_group(), &policy, all, {});
  EXPECT_TRUE(d.placement.pending());
  all[0].readiness = Readiness{false, "Unreachable", ""};
  policy.label_constraints.clear();
  EXPECT_TRUE(schedule(rule_group(), &policy, all, {}).placement.pending());
}

// Seed 002: priorities return "an integer between 1 and 10"; the weighted scores add to the total.
TEST(SeedRules, PriorityFunctionsScoreOneToTenAndAddTheirWeightedScores) {
  const std::vector<Destination> all = {rule_cluster("gold", {{"tier", "gold"}}),
                                        rule_cluster("silver", {{"tier", "silver"}}),
                                        rule_cluster("plain", {})};
  PlacementPolicy policy;
  policy.priority_functions = {{50, "tier", {{"gold", 10}, {"silver", 4}}}};
  const Decision d = schedule(rule_group(), &policy, all, {});
  // w·s/1000: gold 50·10/1000 = 0.5, silver 50·4/1000 = 0.2, plain (no label) scores 1: 0.05.
  EXPECT_DOUBLE_EQ(rule_verdict(d, "gold").priority->total, 0.5);
  EXPECT_DOUBLE_EQ(rule_verdict(d, "silver").priority->total, 0.2);
  EXPECT_DOUBLE_EQ(rule_verdict(d, "plain").priority->total, 0.05);
  EXPECT_EQ(rule_verdict(d, "silver").priority->preference_terms[0].name,
            "priority labelScore tier (gold=10,silver=4) scores 4");
  EXPECT_EQ(d.placement.destinations, (std::vector<std::string>{"gold"}));
  EXPECT_EQ(priority_score(policy.priority_functions[0], {{"tier", "bronze"}}), 1);
}

// Equal totals never break at random: by the stable rendezvous hash of (group, Destination).
TEST(SeedRules, EqualPriorityTotalsBreakByTheStableHash) {
  const std::vector<Destination> all = {rule_cluster("a", {{"tier", "gold"}}),
                                        rule_cluster("b", {{"tier", "gold"}})};
  PlacementPolicy policy;
  policy.priority_functions = {{10, "tier", {{"gold", 7}}}};
  const GroupToPlace g = rule_group();
  const std::string expected = rendezvous_score(g.key, "a") > rendezvous_score(g.key, "b") ? "a" : "b";
  EXPECT_EQ(schedule(g, &policy, all, {}).placement.destinations, (std::vector<std::string>{expected}));
}

// Seed 003: "Applications that are based on a CR ... select an appropriate cluster where the CR is
// supported".
TEST(SeedRules, AnApplicationNeedingACrdGoesOnlyWhereItIsServed) {
  std::vector<Destination> all = {rule_cluster("with-cm", {}), rule_cluster("plain", {})};
  all[0].custom_resources = {"certificates.cert-manager.io", "issuers.cert-manager.io"};
  PlacementPolicy policy;
  policy.name = "needs-certs";
  policy.custom_resources = {"certificates.cert-manager.io"};
  const Decision d = schedule(rule_group(), &policy, all, {});
  EXPECT_EQ(rule_eligible(d), (std::vector<std::string>{"with-cm"}));
  EXPECT_EQ(rule_verdict(d, "plain").predicates[0],
            (PredicateResult{"custom resource certificates.cert-manager.io", false, "not served"}));
  policy.custom_resources.push_back("clusterissuers.cert-manager.io");
  EXPECT_TRUE(schedule(rule_group(), &policy, all, {}).placement.pending());
}

TEST(SeedRules, CrdNamesArePluralDotGroup) {
  EXPECT_EQ(crd_name_problem("certificates.cert-manager.io"), "");
  EXPECT_EQ(crd_name_problem("certificates"), "it has no group: write <plural>.<group>");
  EXPECT_EQ(crd_name_problem("a..b"), "it has an empty part between dots");
  EXPECT_EQ(crd_name_problem(""), "it is empty");
  auto parsed = parse_custom_resources(" a.b ,c.d", {"d.yaml", 3, 10});
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, (std::vector<std::string>{"a.b", "c.d"}));
  EXPECT_EQ(parse_custom_resources("a.b,,c.d", {"d.yaml", 3, 10}).error().render(),
            "d.yaml:3:14: custom resource \"\" is not a CRD name <plural>.<group> (e.g. "
            "certificates.cert-manager.io): it is empty");
}

}  // namespace
}  // namespace ferry::scheduler
