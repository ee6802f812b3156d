// Requirements beyond equality (matchExpressions, Krake's label constraints) and their text forms.
#include <gtest/gtest.h>

#include "scheduler/placement.h"
#include "scheduler/selector.h"

namespace ferry::scheduler {
namespace {

struct HoldsRow {
  Requirement requirement;
  Labels labels;
  bool holds;
  std::string text;
};

const std::vector<HoldsRow> kHoldsRows = {
    {{"env", "dev"}, {{"env", "dev"}}, true, "env=dev"},
    {{"env", "dev"}, {}, false, "env=dev"},
    {{"env", "dev", Operator::not_equals}, {{"env", "prod"}}, true, "env!=dev"},
    {{"env", "dev", Operator::not_equals}, {{"env", "dev"}}, false, "env!=dev"},
    {{"env", "dev", Operator::not_equals}, {}, true, "env!=dev"},
    {{"env", "", Operator::in, {"a", "b"}}, {{"env", "b"}}, true, "env in (a,b)"},
    {{"env", "", Operator::in, {"a", "b"}}, {{"env", "c"}}, false, "env in (a,b)"},
    {{"env", "", Operator::in, {"a", "b"}}, {}, false, "env in (a,b)"},
    {{"env", "", Operator::not_in, {"a", "b"}}, {{"env", "c"}}, true, "env notin (a,b)"},
    {{"env", "", Operator::not_in, {"a", "b"}}, {{"env", "a"}}, false, "env notin (a,b)"},
    {{"env", "", Operator::not_in, {"a", "b"}}, {}, true, "env notin (a,b)"},
    {{"gpu", "", Operator::exists}, {{"gpu", "a100"}}, true, "gpu"},
    {{"gpu", "", Operator::exists}, {}, false, "gpu"},
    {{"gpu", "", Operator::does_not_exist}, {}, true, "!gpu"},
    {{"gpu", "", Operator::does_not_exist}, {{"gpu", "a100"}}, false, "!gpu"},
};

TEST(Expressions, EveryOperatorHoldsAndPrints) {
  for (const HoldsRow& row : kHoldsRows) {
    EXPECT_EQ(holds(row.requirement, row.labels), row.holds) << row.text;
    EXPECT_EQ(to_string(row.requirement), row.text);
  }
}

TEST(Expressions, ALabelSelectorBecomesRequirements) {
  const LabelSelector selector{{{"env", "dev"}},
                               {{"zone", LabelOperator::in, {"eu"}}, {"gpu", LabelOperator::does_not_exist}}};
  const Selector expected = {
      {"env", "dev"}, {"zone", "", Operator::in, {"eu"}}, {"gpu", "", Operator::does_not_exist}};
  EXPECT_EQ(to_selector(selector), expected);
  EXPECT_EQ(to_string(to_selector(selector)), "env=dev,zone in (eu),!gpu");
}

TEST(Expressions, DecideJudgesEachTermWithItsOperator) {
  const std::vector<Destination> destinations = {
      {"eu-gpu", {{"zone", "eu"}, {"gpu", "a100"}}, false, "p", "GitStateStore", "s", {}},
      {"eu-cpu", {{"zone", "eu"}}, false, "p", "GitStateStore", "s", {}},
      {"us-cpu", {{"zone", "us"}}, false, "p", "GitStateStore", "s", {}},
  };
  const GroupToPlace group{"ns/r/p/g",
                           {{"zone", "", Operator::in, {"eu", "ap"}}, {"gpu", "", Operator::does_not_exist}},
                           Cardinality::every_match,
                           std::nullopt,
                           MisplacedPolicy::keep};
  const Decision decision = decide(group, destinations);
  EXPECT_EQ(decision.placement.destinations, (std::vector<std::string>{"eu-cpu"}));
  EXPECT_FALSE(decision.verdicts[0].terms[1].met);
  EXPECT_EQ(decision.verdicts[0].terms[1].actual, "a100");
  EXPECT_TRUE(decision.verdicts[1].terms[1].met);
  EXPECT_FALSE(decision.verdicts[2].terms[0].met);
}

}  // namespace
}  // namespace ferry::scheduler
