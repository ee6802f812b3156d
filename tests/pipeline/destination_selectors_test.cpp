// parse_destination_selectors: the validation of reference §2.6, every error pinned with file:line:column.
#include <gtest/gtest.h>

#include "pipeline/workflow.h"

namespace ferry::pipeline {
namespace {

struct Rejected {
  const char* name;
  const char* yaml;
  const char* error;  // Error::render()
};

class DestinationSelectorsRejects : public ::testing::TestWithParam<Rejected> {};

TEST_P(DestinationSelectorsRejects, WithLocationAndAdvice) {
  auto parsed = parse_destination_selectors(GetParam().yaml, "ds.yaml");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().render(), GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Table, DestinationSelectorsRejects,
    ::testing::Values(
        Rejected{"NotAList", "matchLabels: {a: b}\n",
                 "ds.yaml:1:1: destination selectors must be a list of entries like \"- matchLabels: {env: "
                 "dev}\", found a map"},
        Rejected{"EntryNotAMap", "- just-a-string\n",
                 "ds.yaml:1:3: a destination selector must be a map with \"matchLabels\" and an optional "
                 "\"directory\", found a string"},
        Rejected{"MissingMatchLabels", "- directory: baz\n",
                 "ds.yaml:1:3: a destination selector needs at least one label in \"matchLabels\" or one "
                 "entry in \"matchExpressions\", e.g. matchLabels: {environment: dev}"},
        Rejected{"EmptyMatchLabels", "- matchLabels: {}\n  directory: baz\n",
                 "ds.yaml:1:16: a destination selector needs at least one label in \"matchLabels\" or one "
                 "entry in \"matchExpressions\", e.g. matchLabels: {environment: dev}"},
        Rejected{"MatchLabelsAList", "- matchLabels: [a]\n",
                 "ds.yaml:1:16: \"matchLabels\" must be a map of strings, found a list"},
        Rejected{"LabelValueAMap", "- matchLabels:\n    env: {a: b}\n",
                 "ds.yaml:2:10: \"matchLabels.env\" must be a string, found a map"},
        Rejected{"DirectoryNotAString", "- matchLabels: {a: b}\n  directory: [x]\n",
                 "ds.yaml:2:14: \"directory\" must be a string, found a list"},
        Rejected{"Nested", "- matchLabels: {a: b}\n  directory: a/b\n",
                 "ds.yaml:2:14: directory \"a/b\" is nested: only top-level directories of /kratix/output "
                 "can be scheduled"},
        Rejected{"NestedAfterCleaning", "- matchLabels: {a: b}\n  directory: ./a//b/\n",
                 "ds.yaml:2:14: directory \"./a//b/\" is nested: only top-level directories of "
                 "/kratix/output can be scheduled"},
        Rejected{"EscapingChild", "- matchLabels: {a: b}\n  directory: ../x\n",
                 "ds.yaml:2:14: directory \"../x\" escapes /kratix/output: write a top-level directory of "
                 "/kratix/output"},
        Rejected{"EscapingParent", "- matchLabels: {a: b}\n  directory: a/../..\n",
                 "ds.yaml:2:14: directory \"a/../..\" escapes /kratix/output: write a top-level directory "
                 "of /kratix/output"},
        Rejected{"Absolute", "- matchLabels: {a: b}\n  directory: /abs\n",
                 "ds.yaml:2:14: directory \"/abs\" is absolute: write a top-level directory of "
                 "/kratix/output, relative to it"},
        Rejected{"TwoDefaults", "- matchLabels: {a: b}\n- matchLabels: {c: d}\n",
                 "ds.yaml:2:3: two destination selectors have no directory (first at line 1, column 3): "
                 "merge their matchLabels into one entry"},
        Rejected{"DotIsTheDefault", "- matchLabels: {a: b}\n  directory: ./\n- matchLabels: {c: d}\n",
                 "ds.yaml:3:3: two destination selectors have no directory (first at line 1, column 3): "
                 "merge their matchLabels into one entry"},
        Rejected{"DuplicateDirectory",
                 "- matchLabels: {a: b}\n  directory: baz/\n- matchLabels: {c: d}\n  directory: ./baz\n",
                 "ds.yaml:3:3: directory \"baz\" has two destination selectors (first at line 1, column 3): "
                 "merge their matchLabels into one entry"},
        Rejected{"TwoDocuments", "- matchLabels: {a: b}\n---\n- matchLabels: {c: d}\n",
                 "ds.yaml:3:1: destination selectors must be one YAML document: remove the second document"},
        Rejected{"UnknownOperator", "- matchExpressions: [{key: a, operator: Ge, values: [1]}]\n",
                 "ds.yaml:1:41: unknown operator \"Ge\" in \"matchExpressions[0].operator\"; use In, NotIn, "
                 "Exists, DoesNotExist, Gt or Lt"},
        Rejected{"EmptyExpressions", "- matchExpressions: []\n  directory: baz\n",
                 "ds.yaml:1:3: a destination selector needs at least one label in \"matchLabels\" or one "
                 "entry in \"matchExpressions\", e.g. matchLabels: {environment: dev}"},
        Rejected{
            "LabelKeyWithTwoSlashes", "- matchLabels: {a/b/c: dev}\n",
            "ds.yaml:1:17: \"matchLabels\" key \"a/b/c\" is not a valid label key: its name contains "
            "'/'; use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, '-', '_' "
            "and '.', starting and ending with a letter or digit"},
        Rejected{"LabelValueWithASpace", "- matchLabels: {env: dev box}\n",
                 "ds.yaml:1:22: \"matchLabels.env\" \"dev box\" is not a valid label value: it contains a "
                 "space; use at most 63 letters, digits, '-', '_' and '.', starting and ending with a letter "
                 "or digit, or an empty value"},
        Rejected{"ExpressionKeyWithALeadingDash", "- matchExpressions: [{key: -zone, operator: Exists}]\n",
                 "ds.yaml:1:28: \"matchExpressions[0].key\" \"-zone\" is not a valid label key: it starts "
                 "with '-'; use an optional DNS subdomain prefix and '/', then at most 63 letters, digits, "
                 "'-', '_' and '.', starting and ending with a letter or digit"},
        Rejected{"InvalidYaml", "- matchLabels: {a: b\n",
                 "ds.yaml:2:1: invalid YAML: end of map flow not found"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(DestinationSelectors, EmptyFileCommentOrEmptyListIsNoEntries) {
  for (const char* text : {"", "\n", "# nothing\n", "[]\n"}) {
    auto parsed = parse_destination_selectors(text, "ds.yaml");
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().render();
    EXPECT_TRUE(parsed->empty()) << text;
  }
}

// filepath.Clean as Kratix applies it: "" -> ".", "baz/" -> "baz", "./baz" -> "baz".
TEST(DestinationSelectors, DirectoriesAreCleaned) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"\"\"", "."},   {".", "."},    {"baz/", "baz"}, {"./baz", "baz"},
      {"a/../b", "b"}, {"a/..", "."}, {"baz", "baz"}};
  for (const auto& [written, cleaned] : cases) {
    auto parsed =
        parse_destination_selectors("- matchLabels: {a: b}\n  directory: " + written + "\n", "ds.yaml");
    ASSERT_TRUE(parsed.ok()) << written << ": " << parsed.error().render();
    ASSERT_EQ(parsed->size(), 1u);
    EXPECT_EQ(parsed->front().directory, cleaned) << written;
  }
}

// The example of reference §2.6, where ferry reads matchExpressions (Kratix ignores them) and ignores
// other unknown keys as Kratix does.
TEST(DestinationSelectors, ReferenceExampleKeepsOrderAndReadsExpressions) {
  auto parsed = parse_destination_selectors(
      "- matchLabels: {environment: production, region: europe}\n"
      "  matchExpressions: [{key: tier, operator: In, values: [gold]}]\n"
      "  comment: ignored\n"
      "- matchLabels: {environment: staging, tier: 1}\n"
      "  directory: baz/\n",
      "ds.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ((*parsed)[0].directory, ".");
  EXPECT_EQ((*parsed)[0].match_labels, (Labels{{"environment", "production"}, {"region", "europe"}}));
  EXPECT_EQ((*parsed)[0].match_expressions,
            (std::vector<LabelExpression>{{"tier", LabelOperator::in, {"gold"}}}));
  EXPECT_TRUE((*parsed)[1].match_expressions.empty());
  EXPECT_EQ((*parsed)[1].directory, "baz");
  EXPECT_EQ((*parsed)[1].match_labels, (Labels{{"environment", "staging"}, {"tier", "1"}}));
}

TEST(DestinationSelectors, ExpressionsAloneAreASelector) {
  auto parsed = parse_destination_selectors(
      "- matchExpressions: [{key: gpu, operator: Exists}]\n  directory: ml\n", "ds.yaml");
  ASSERT_TRUE(parsed.ok()) << parsed.error().render();
  EXPECT_TRUE(parsed->front().match_labels.empty());
  EXPECT_EQ(parsed->front().match_expressions,
            (std::vector<LabelExpression>{{"gpu", LabelOperator::exists}}));
}

// The older API's cluster-selectors.yaml (seed 000): a plain map of labels.
TEST(ClusterSelectors, ParsesAMapOfLabelsAndLocatesErrors) {
  auto parsed = parse_cluster_selectors("env: dev\nzone: eu\n", "cluster-selectors.yaml");
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(*parsed, (Labels{{"env", "dev"}, {"zone", "eu"}}));
  EXPECT_TRUE(parse_cluster_selectors("", "f.yaml")->empty());
  EXPECT_EQ(parse_cluster_selectors("- env: dev\n", "f.yaml").error().render(),
            "f.yaml:1:1: \"cluster-selectors\" must be a map of strings, found a list");
  EXPECT_EQ(parse_cluster_selectors("env: {a: b}\n", "f.yaml").error().render(),
            "f.yaml:1:6: \"cluster-selectors.env\" must be a string, found a map");
}

}  // namespace
}  // namespace ferry::pipeline
