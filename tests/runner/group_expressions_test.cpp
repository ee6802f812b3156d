// matchExpressions in group selectors: the group's entry's and the Promise's, AND-ed after the matchLabels.
#include <gtest/gtest.h>

#include "runner/explain.h"
#include "run/request_plan.h"

namespace ferry::runner {
namespace {

pipeline::OutputGroup group(std::string directory, std::optional<Labels> selector,
                            std::vector<LabelExpression> expressions) {
  pipeline::OutputGroup made{std::move(directory), "", std::move(selector), {}};
  made.workflow_expressions = std::move(expressions);
  return made;
}

TEST(GroupExpressions, DefaultGroupAndsItsEntryAndThePromisesExpressions) {
  pipeline::Promise promise;
  promise.destination_selectors = {{{"env", "dev"}}};
  promise.destination_expressions = {{"gpu", LabelOperator::does_not_exist}};
  const auto selector = group_selector(
      promise, group(".", Labels{{"env", "prod"}}, {{"zone", LabelOperator::in, {"eu", "us"}}}));
  EXPECT_EQ(scheduler::to_string(selector), "env=dev,zone in (eu,us),!gpu");
  EXPECT_TRUE(scheduler::matches(selector, {{"env", "dev"}, {"zone", "eu"}}));
  EXPECT_FALSE(scheduler::matches(selector, {{"env", "dev"}, {"zone", "eu"}, {"gpu", "a100"}}));
}

TEST(GroupExpressions, DirectoryGroupUsesOnlyItsOwnEntry) {
  pipeline::Promise promise;
  promise.destination_expressions = {{"gpu", LabelOperator::does_not_exist}};
  const auto selector = group_selector(promise, group("ml", std::nullopt, {{"gpu", LabelOperator::exists}}));
  EXPECT_EQ(scheduler::to_string(selector), "gpu");
}

TEST(GroupExpressions, ExplainPrintsExpressionsAndReadiness) {
  scheduler::Destination gpu{"gpu", {{"gpu", "a100"}}, false, "gpu", "GitStateStore", "s", {}};
  scheduler::Destination cpu{"cpu", {}, false, "cpu", "GitStateStore", "s", {}};
  scheduler::Destination down{"down", {}, false, "down", "GitStateStore", "s", {}};
  down.readiness = scheduler::Readiness{false, "Unreachable", "git push failed"};
  scheduler::GroupToPlace g;
  g.key = "team-a/cache/configure/5058f1af8388633f609cadb75a75dc9d";
  g.selector = {scheduler::to_requirement({"gpu", LabelOperator::does_not_exist})};
  const GroupDecision decided{"configure",  ".",        "5058f1af8388633f609cadb75a75dc9d",
                              std::nullopt, g.selector, scheduler::decide(g, {gpu, cpu, down}),
                              g.cardinality};
  EXPECT_EQ(render_explanation_text({"request team-a/cache", {decided}}),
            "request team-a/cache\n"
            "  pipeline configure, group . (5058f), selector !gpu\n"
            "    gpu   refused: failed !gpu (has gpu=a100)\n"
            "    cpu   takes it: met !gpu\n"
            "    down  refused: not ready: Unreachable: git push failed\n"
            "    => goes to cpu (highest score among those that take it)\n");
}

}  // namespace
}  // namespace ferry::runner
