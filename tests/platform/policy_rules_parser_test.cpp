// The PlacementPolicy fields of the seeds' later rules (customResources, targetDestination,
// priorities.functions) and a Destination's custom-resources annotation, as the parsers read them, with
// located errors.
#include <gtest/gtest.h>

#include "platform/destination_parser.h"
#include "platform/placement_policy_parser.h"

namespace ferry::scheduler {
namespace {

const std::string kRulesHead =
    "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata: {name: front-end}\n";

Result<PlacementPolicy> parse_rules_policy(const std::string& spec) {
  auto docs = parse_yaml_stream(kRulesHead + spec, "policy.yaml");
  EXPECT_TRUE(docs.ok()) << docs.error().render();
  return runner::parse_placement_policy(docs->at(0));
}

Result<Destination> parse_rules_dest(const std::string& annotation) {
  auto docs = parse_yaml_stream("kind: Destination\nmetadata:\n  name: a\n  annotations:\n    " + annotation +
                                    "\nspec: {path: a, stateStoreRef: {name: s}}\n",
                                "dest.yaml");
  EXPECT_TRUE(docs.ok());
  return runner::parse_destination(docs->at(0));
}

TEST(PolicyRules, ParsesCustomResourcesTargetDestinationAndPriorityFunctions) {
  auto policy = parse_rules_policy(R"yaml(spec:
  promises: [app]
  predicates:
    customResources: [certificates.cert-manager.io, issuers.cert-manager.io]
  priorities:
    functions:
    - weight: 2
      labelScore: {label: tier, scores: {gold: 10, silver: 5}}
  targetDestination: {name: worker-1}
)yaml");
  ASSERT_TRUE(policy.ok()) << policy.error().render();
  EXPECT_EQ(policy->custom_resources,
            (std::vector<std::string>{"certificates.cert-manager.io", "issuers.cert-manager.io"}));
  EXPECT_EQ(policy->priority_functions,
            (std::vector<PriorityFunction>{{2, "tier", {{"gold", 10}, {"silver", 5}}}}));
  EXPECT_EQ(policy->target_destination, "worker-1");
  EXPECT_EQ(policy->target_where.render(), "policy.yaml:12:29");
}

struct RulesErrorRow {
  std::string spec;  // starts on line 4
  std::string message;
};

const std::vector<RulesErrorRow> kRulesErrors = {
    {"spec:\n  promises: [app]\n  predicates: {customResources: [Certificate]}\n",
     "policy.yaml:6:34: \"spec.predicates.customResources[0]\" \"Certificate\" is not a CRD name "
     "<plural>.<group> (e.g. certificates.cert-manager.io): it may hold only lower-case letters, digits, "
     "'-' and '.'"},
    {"spec:\n  promises: [app]\n  predicates: {customResources: [certificates]}\n",
     "policy.yaml:6:34: \"spec.predicates.customResources[0]\" \"certificates\" is not a CRD name "
     "<plural>.<group> (e.g. certificates.cert-manager.io): it has no group: write <plural>.<group>"},
    {"spec: {promises: [app], targetDestination: {}}\n",
     "policy.yaml:4:44: missing required field \"spec.targetDestination.name\""},
    {"spec: {promises: [app], targetDestination: {name: w, namespace: x}}\n",
     "policy.yaml:4:54: unknown field \"namespace\" in \"spec.targetDestination\"; known fields: name"},
    {"spec:\n  promises: [app]\n  priorities:\n    functions: [{weight: 0, labelScore: {label: t, scores: "
     "{a: 1}}}]\n",
     "policy.yaml:7:26: \"spec.priorities.functions[0].weight\" must be a whole number from 1 to 100, found "
     "0"},
    {"spec:\n  promises: [app]\n  priorities:\n    functions: [{weight: 1, labelScore: {label: t, scores: "
     "{a: 11}}}]\n",
     "policy.yaml:7:64: \"spec.priorities.functions[0].labelScore.scores.a\" must be a whole number from 1 "
     "to "
     "10, found 11"},
    {"spec:\n  promises: [app]\n  priorities:\n    functions: [{weight: 1}]\n",
     "policy.yaml:7:17: missing required field \"spec.priorities.functions[0].labelScore\""},
    {"spec:\n  promises: [app]\n  priorities:\n    functions: [{weight: 1, labelValue: {}}]\n",
     "policy.yaml:7:29: unknown field \"labelValue\" in \"spec.priorities.functions[0]\"; known fields: "
     "weight, "
     "labelScore"},
};

TEST(PolicyRules, ErrorsAreLocated) {
  for (const RulesErrorRow& row : kRulesErrors) {
    auto policy = parse_rules_policy(row.spec);
    ASSERT_FALSE(policy.ok()) << row.spec;
    EXPECT_EQ(policy.error().render(), row.message) << row.spec;
  }
}

// Seed 003: "The user can define which CRs are available on his cluster ... <plural>.<group>".
TEST(PolicyRules, ADestinationDeclaresTheCustomResourcesItServes) {
  auto d = parse_rules_dest(
      "scheduling.ferry.dev/custom-resources: \"certificates.cert-manager.io, issuers.cert-manager.io\"");
  ASSERT_TRUE(d.ok()) << d.error().render();
  EXPECT_EQ(d->custom_resources,
            (std::vector<std::string>{"certificates.cert-manager.io", "issuers.cert-manager.io"}));
  auto bad =
      parse_rules_dest("scheduling.ferry.dev/custom-resources: \"certificates.cert-manager.io, Issuer\"");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().render(),
            "dest.yaml:5:75: custom resource \"Issuer\" is not a CRD name <plural>.<group> (e.g. "
            "certificates.cert-manager.io): it may hold only lower-case letters, digits, '-' and '.'");
  auto twice = parse_rules_dest("scheduling.ferry.dev/custom-resources: \"a.b, a.b\"");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().render(), "dest.yaml:5:50: custom resource \"a.b\" is listed twice");
}

}  // namespace
}  // namespace ferry::scheduler
