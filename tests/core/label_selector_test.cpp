// matchLabels + matchExpressions: parsing with located errors, matching, and the kubectl text forms.
#include <gtest/gtest.h>

#include "core/label_selector_parser.h"

namespace ferry {
namespace {

Result<LabelSelector> parse(const std::string& text) {
  auto docs = parse_yaml_stream(text, "sel.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_label_selector(docs->at(0).node, "selector", "sel.yaml");
}

struct MatchRow {
  LabelExpression expression;
  Labels labels;
  bool match;
};

const std::vector<MatchRow> kMatchRows = {
    {{"env", LabelOperator::in, {"dev", "qa"}}, {{"env", "dev"}}, true},
    {{"env", LabelOperator::in, {"dev", "qa"}}, {{"env", "prod"}}, false},
    {{"env", LabelOperator::in, {"dev"}}, {}, false},
    {{"env", LabelOperator::not_in, {"dev", "qa"}}, {{"env", "prod"}}, true},
    {{"env", LabelOperator::not_in, {"dev", "qa"}}, {{"env", "qa"}}, false},
    {{"env", LabelOperator::not_in, {"dev"}}, {}, true},  // Kubernetes: an absent key is not in the set
    {{"gpu", LabelOperator::exists}, {{"gpu", ""}}, true},
    {{"gpu", LabelOperator::exists}, {{"cpu", "x"}}, false},
    {{"gpu", LabelOperator::does_not_exist}, {{"cpu", "x"}}, true},
    {{"gpu", LabelOperator::does_not_exist}, {{"gpu", "a100"}}, false},
    // Gt/Lt, as Kubernetes node affinity: the label must be present and an integer.
    {{"cpus", LabelOperator::greater_than, {"4"}}, {{"cpus", "8"}}, true},
    {{"cpus", LabelOperator::greater_than, {"4"}}, {{"cpus", "4"}}, false},
    {{"cpus", LabelOperator::greater_than, {"-5"}}, {{"cpus", "0"}}, true},
    {{"cpus", LabelOperator::greater_than, {"4"}}, {}, false},
    {{"cpus", LabelOperator::greater_than, {"4"}}, {{"cpus", "eight"}}, false},
    {{"cpus", LabelOperator::greater_than, {"4"}}, {{"cpus", "8.5"}}, false},
    {{"cpus", LabelOperator::less_than, {"64"}}, {{"cpus", "+8"}}, true},
    {{"cpus", LabelOperator::less_than, {"64"}}, {{"cpus", "64"}}, false},
    {{"cpus", LabelOperator::less_than, {"64"}}, {}, false},
    {{"cpus", LabelOperator::less_than, {"64"}}, {{"cpus", "99999999999999999999"}}, false},
};

TEST(LabelSelector, EveryOperatorMatchesLikeKubernetes) {
  for (const MatchRow& row : kMatchRows) {
    EXPECT_EQ(matches(row.expression, row.labels), row.match) << to_string(row.expression);
  }
}

TEST(LabelSelector, LabelsAndExpressionsAreAnded) {
  const LabelSelector selector{{{"env", "dev"}}, {{"zone", LabelOperator::in, {"eu", "us"}}}};
  EXPECT_TRUE(matches(selector, {{"env", "dev"}, {"zone", "eu"}}));
  EXPECT_FALSE(matches(selector, {{"env", "dev"}, {"zone", "ap"}}));
  EXPECT_FALSE(matches(selector, {{"env", "prod"}, {"zone", "eu"}}));
  EXPECT_TRUE(matches(LabelSelector{}, {}));
}

TEST(LabelSelector, TextFormsAreKubectls) {
  EXPECT_EQ(to_string(LabelSelector{{{"env", "dev"}},
                                    {{"zone", LabelOperator::in, {"eu", "us"}},
                                     {"tier", LabelOperator::not_in, {"db"}},
                                     {"ssd", LabelOperator::exists},
                                     {"gpu", LabelOperator::does_not_exist}}}),
            "env=dev,zone in (eu,us),tier notin (db),ssd,!gpu");
  EXPECT_EQ(
      to_string(LabelSelector{
          {}, {{"cpus", LabelOperator::greater_than, {"4"}}, {"cpus", LabelOperator::less_than, {"64"}}}}),
      "cpus>4,cpus<64");
  EXPECT_EQ(to_string(LabelSelector{}), "<empty>");
}

TEST(LabelSelector, ParsesTheSeed002ClusterSelectorTerm) {
  auto selector = parse(R"(matchLabels: {env: dev}
matchExpressions:
- key: crossplane.io/provider
  operator: In
  values:
  - aws
- {key: gpu, operator: DoesNotExist}
)");
  ASSERT_TRUE(selector.ok()) << selector.error().render();
  EXPECT_EQ(*selector, (LabelSelector{{{"env", "dev"}},
                                      {{"crossplane.io/provider", LabelOperator::in, {"aws"}},
                                       {"gpu", LabelOperator::does_not_exist}}}));
}

TEST(LabelSelector, ParsesGtAndLtWithOneIntegerEach) {
  auto selector = parse(
      "matchExpressions:\n- {key: cpus, operator: Gt, values: ['-5']}\n"
      "- {key: cpus, operator: Lt, values: ['64']}\n");
  ASSERT_TRUE(selector.ok()) << selector.error().render();
  EXPECT_EQ(selector->match_expressions,
            (std::vector<LabelExpression>{{"cpus", LabelOperator::greater_than, {"-5"}},
                                          {"cpus", LabelOperator::less_than, {"64"}}}));
  EXPECT_EQ(parse_label_integer("+7"), 7);
  EXPECT_EQ(parse_label_integer("+-7"), std::nullopt);
  EXPECT_EQ(parse_label_integer("-"), std::nullopt);
  EXPECT_EQ(parse_label_integer(""), std::nullopt);
}

struct ErrorRow {
  std::string yaml;
  std::string message;
};

const std::vector<ErrorRow> kErrorRows = {
    {"matchExpressions:\n- {key: env, operator: Ge, values: [1]}\n",
     "sel.yaml:2:24: unknown operator \"Ge\" in \"selector.matchExpressions[0].operator\"; use In, NotIn, "
     "Exists, DoesNotExist, Gt or Lt"},
    // Gt/Lt (Kubernetes node affinity): exactly one value, a decimal integer.
    {"matchExpressions:\n- {key: cpus, operator: Gt, values: [1, 2]}\n",
     "sel.yaml:2:37: \"selector.matchExpressions[0].values\" must hold exactly one value, an integer, for "
     "operator Gt; found 2"},
    {"matchExpressions:\n- {key: cpus, operator: Lt}\n",
     "sel.yaml:2:3: \"selector.matchExpressions[0].values\" must hold exactly one value, an integer, for "
     "operator Lt; found 0"},
    {"matchExpressions:\n- {key: cpus, operator: Gt, values: [four]}\n",
     "sel.yaml:2:38: \"selector.matchExpressions[0].values[0]\" must be an integer for operator Gt, found "
     "\"four\""},
    {"matchExpressions:\n- {key: cpus, operator: Lt, values: ['1.5']}\n",
     "sel.yaml:2:38: \"selector.matchExpressions[0].values[0]\" must be an integer for operator Lt, found "
     "\"1.5\""},
    {"matchExpressions:\n- {key: env, operator: In}\n",
     "sel.yaml:2:3: \"selector.matchExpressions[0].values\" must list at least one value for operator In"},
    {"matchExpressions:\n- {key: env, operator: Exists, values: [a]}\n",
     "sel.yaml:2:40: \"selector.matchExpressions[0].values\" must be empty for operator Exists: remove the "
     "values"},
    {"matchExpressions:\n- {operator: Exists}\n",
     "sel.yaml:2:3: missing required field \"selector.matchExpressions[0].key\""},
    {"matchExpressions:\n- {key: env, operator: In, value: [a]}\n",
     "sel.yaml:2:28: unknown field \"value\" in \"selector.matchExpressions[0]\"; did you mean "
     "\"values\"?"},
    {"matchExpressions: {key: env}\n",
     "sel.yaml:1:19: \"selector.matchExpressions\" must be a list, found a map"},
    {"matchExpressions:\n- env\n",
     "sel.yaml:2:3: \"selector.matchExpressions[0]\" must be a map with \"key\", \"operator\" and "
     "\"values\", found a "
     "string"},
    {"matchLabels: {a/b/c: dev}\n",
     "sel.yaml:1:15: \"selector.matchLabels\" key \"a/b/c\" is not a valid label key: its name contains '/'; "
     "use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and '.', "
     "starting and ending with a letter or digit"},
    {"matchLabels: {env: dev box}\n",
     "sel.yaml:1:20: \"selector.matchLabels.env\" \"dev box\" is not a valid label value: it contains a "
     "space; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or digit, "
     "or an empty value"},
    {"matchExpressions:\n- {key: -zone, operator: Exists}\n",
     "sel.yaml:2:9: \"selector.matchExpressions[0].key\" \"-zone\" is not a valid label key: it starts "
     "with '-'; use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' and "
     "'.', starting and ending with a letter or digit"},
    {"matchExpressions:\n- {key: zone, operator: In, values: [eu, eu_]}\n",
     "sel.yaml:2:42: \"selector.matchExpressions[0].values[1]\" \"eu_\" is not a valid label value: it ends "
     "with '_'; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter or "
     "digit, or an empty value"},
    {"matchLabel: {env: dev}\n",
     "sel.yaml:1:1: unknown field \"matchLabel\" in \"selector\"; did you mean \"matchLabels\"?"},
    {"[a]\n",
     "sel.yaml:1:1: \"selector\" must be a map with \"matchLabels\" and/or \"matchExpressions\", found a "
     "list"},
};

TEST(LabelSelector, ErrorsPointAtTheOffendingNode) {
  for (const ErrorRow& row : kErrorRows) {
    auto selector = parse(row.yaml);
    ASSERT_FALSE(selector.ok()) << row.yaml;
    EXPECT_EQ(selector.error().render(), row.message);
  }
}

}  // namespace
}  // namespace ferry
