// Parsing PlacementPolicy: every field, and located errors for each kind of mistake.
#include "platform/placement_policy_parser.h"

#include <gtest/gtest.h>

namespace ferry::scheduler {
namespace {

using runner::parse_placement_policy;

const std::string kHead =
    "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: front-end}\n";

Result<PlacementPolicy> parse_policy(const std::string& spec) {
  auto docs = parse_yaml_stream(kHead + spec, "policy.yaml");
  EXPECT_TRUE(docs.ok()) << docs.error().render();
  return parse_placement_policy(docs->at(0));
}

// Seed 002's front-end Workload, seed 003's constraints, spread and Locations, as one policy.
TEST(PlacementPolicy, ParsesEveryField) {
  auto policy = parse_policy(R"yaml(spec:
  promises: [app]
  predicates:
    labelConstraints: ['location is DE', "location in (DE, FR)"]
    metricConstraints: ["load < 0.8"]
    clusterAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        clusterSelectorTerms:
        - matchExpressions:
          - key: crossplane.io/provider
            operator: In
            values:
            - aws
    workloadAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector:
          matchExpressions:
          - key: app
            operator: In
            values:
            - back-end
        topologyKey: crossplane.io/kubernetes
    workloadAntiAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        workloadAffinityTerm:
          labelSelector:
            matchExpressions:
            - key: app
              operator: In
              values:
              - frontend
          topologyKey: crossplane.io/kubernetes
  priorities:
    stickinessWeight: 0.2
    clusterAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: another-cluster-label-key
            operator: In
            values:
            - another-cluster-label-value
  rescheduling: true
  spread: {count: 2, topologyKey: zone, maxSkew: 1}
  locationSelectors: [{matchLabels: {cloud: aws}}]
  schedulerName: my-customer-scheduler
)yaml");
  ASSERT_TRUE(policy.ok()) << policy.error().render();
  EXPECT_EQ(policy->name, "front-end");
  EXPECT_EQ(policy->promises, (std::vector<std::string>{"app"}));
  EXPECT_EQ(policy->label_constraints,
            (std::vector<Requirement>{{"location", "DE"}, {"location", "", Operator::in, {"DE", "FR"}}}));
  EXPECT_EQ(policy->metric_constraints, (std::vector<MetricConstraint>{{"load", MetricOperator::less, 0.8}}));
  ASSERT_EQ(policy->cluster_affinity.required_terms.size(), 1u);
  EXPECT_EQ(to_string(policy->cluster_affinity.required_terms[0]), "crossplane.io/provider in (aws)");
  ASSERT_EQ(policy->workload_affinity.required.size(), 1u);
  EXPECT_EQ(to_string(policy->workload_affinity.required[0]),
            "app in (back-end) by crossplane.io/kubernetes");
  ASSERT_EQ(policy->workload_anti_affinity.preferred.size(), 1u);
  EXPECT_EQ(policy->workload_anti_affinity.preferred[0].weight, 100);
  EXPECT_EQ(to_string(policy->workload_anti_affinity.preferred[0].term),
            "app in (frontend) by crossplane.io/kubernetes");
  EXPECT_DOUBLE_EQ(policy->stickiness_weight, 0.2);
  ASSERT_EQ(policy->cluster_affinity.preferred.size(), 1u);
  EXPECT_EQ(policy->cluster_affinity.preferred[0].weight, 1);
  EXPECT_TRUE(policy->rescheduling);
  EXPECT_EQ(policy->spread, (SpreadConstraint{2, "zone", 1}));
  ASSERT_EQ(policy->location_selectors.size(), 1u);
  EXPECT_EQ(policy->scheduler_name, "my-customer-scheduler");
}

TEST(PlacementPolicy, Defaults) {
  auto policy = parse_policy("spec: {promises: [redis]}\n");
  ASSERT_TRUE(policy.ok()) << policy.error().render();
  EXPECT_DOUBLE_EQ(policy->stickiness_weight, 0.1);
  EXPECT_FALSE(policy->rescheduling);
  EXPECT_FALSE(policy->spread);
  EXPECT_FALSE(policy->scheduler_name);
}

struct PolicyErrorRow {
  std::string spec;  // starts on line 4
  std::string message;
};

const std::vector<PolicyErrorRow> kPolicyErrorRows = {
    {"spec: {promises: [app], priority: {}}\n",
     "policy.yaml:4:25: unknown field \"priority\" in \"spec\"; known fields: promises, predicates, "
     "priorities, "
     "rescheduling, spread, locationSelectors, namespaceSelector, schedulerName, targetDestination"},
    {"spec: {predicates: {}}\n", "policy.yaml:4:7: \"spec.promises\" must name at least one Promise"},
    {"spec:\n  promises: [app]\n  predicates:\n    labelConstraints: ['location is']\n",
     "policy.yaml:7:36: expected a value, found the end"},
    {"spec:\n  promises: [app]\n  predicates:\n    metricConstraints: [load >> 1]\n",
     "policy.yaml:7:31: expected a number, found \">\""},
    {"spec:\n  promises: [app]\n  predicates: {labelConstraint: []}\n",
     "policy.yaml:6:16: unknown field \"labelConstraint\" in \"spec.predicates\"; did you mean "
     "\"labelConstraints\"?"},
    {"spec:\n  promises: [app]\n  priorities: {stickinessWeight: lots}\n",
     "policy.yaml:6:34: \"spec.priorities.stickinessWeight\" must be a number, found \"lots\""},
    {"spec:\n  promises: [app]\n  priorities:\n    clusterAffinity:\n      "
     "preferredDuringSchedulingIgnoredDuringExecution:\n"
     "      - {weight: 101, preference: {}}\n",
     "policy.yaml:9:18: "
     "\"spec.priorities.clusterAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight\" "
     "must be a whole number from 1 to 100, found 101"},
    {"spec:\n  promises: [app]\n  predicates:\n    workloadAffinity:\n      "
     "requiredDuringSchedulingIgnoredDuringExecution:\n"
     "      - labelSelector: {matchLabels: {app: db}}\n",
     "policy.yaml:9:9: missing required field "
     "\"spec.predicates.workloadAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey\""},
    {"spec:\n  promises: [app]\n  predicates:\n    clusterAffinity:\n      "
     "requiredDuringSchedulingIgnoredDuringExecution:\n"
     "        clusterSelectorTerms: [{matchExpressions: [{key: a, operator: Ge, values: [1]}]}]\n",
     "policy.yaml:9:71: unknown operator \"Ge\" in \"spec.predicates.clusterAffinity."
     "requiredDuringSchedulingIgnoredDuringExecution.clusterSelectorTerms[0].matchExpressions[0].operator\"; "
     "use In, "
     "NotIn, Exists, DoesNotExist, Gt or Lt"},
    {"spec: {promises: [app], spread: {count: 0}}\n",
     "policy.yaml:4:41: \"spec.spread.count\" must be a whole number from 1 to 10000, found 0"},
    {"spec: {promises: [app], rescheduling: sometimes}\n",
     "policy.yaml:4:39: \"spec.rescheduling\" must be true or false, found a string"},
    {"spec: {promises: [app], locationSelectors: {cloud: aws}}\n",
     "policy.yaml:4:44: \"spec.locationSelectors\" must be a list, found a map"},
};

TEST(PlacementPolicy, ErrorsAreLocatedAndSayWhatToDo) {
  for (const PolicyErrorRow& row : kPolicyErrorRows) {
    auto policy = parse_policy(row.spec);
    ASSERT_FALSE(policy.ok()) << row.spec;
    EXPECT_EQ(policy.error().render(), row.message) << row.spec;
  }
  auto docs = parse_yaml_stream("apiVersion: v1\nkind: PlacementPolicy\n", "p.yaml");
  EXPECT_EQ(parse_placement_policy(docs->at(0)).error().render(),
            "p.yaml:1:13: PlacementPolicy must have apiVersion scheduling.ferry.dev/v1alpha1, found v1");
}

}  // namespace
}  // namespace ferry::scheduler
