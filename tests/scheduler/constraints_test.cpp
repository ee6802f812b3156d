// Every form of Krake's label and metric constraint languages (seed 003, "Constraints"), and their errors.
#include "scheduler/constraints.h"

#include <gtest/gtest.h>

namespace ferry::scheduler {
namespace {

const SourceLocation kAt{"policy.yaml", 7, 10};

struct LabelRow {
  std::string text;
  Requirement parsed;
};

// Seed 003: equality, non-equality, inclusion, exclusion, in each spelling.
const std::vector<LabelRow> kLabelRows = {
    {"location is DE", {"location", "DE"}},
    {"location = DE", {"location", "DE"}},
    {"location == DE", {"location", "DE"}},
    {"location==DE", {"location", "DE"}},
    {"location is not DE", {"location", "DE", Operator::not_equals}},
    {"location != DE", {"location", "DE", Operator::not_equals}},
    {"location!=DE", {"location", "DE", Operator::not_equals}},
    {"location in (DE, FR)", {"location", "", Operator::in, {"DE", "FR"}}},
    {"location in(DE,FR,IT)", {"location", "", Operator::in, {"DE", "FR", "IT"}}},
    {"location not in (DE, FR)", {"location", "", Operator::not_in, {"DE", "FR"}}},
    {"  location   not   in   ( DE )  ", {"location", "", Operator::not_in, {"DE"}}},
    {"crossplane.io/provider is aws", {"crossplane.io/provider", "aws"}},
};

TEST(LabelConstraints, EveryFormOfSeed003Parses) {
  for (const LabelRow& row : kLabelRows) {
    auto parsed = parse_label_constraint(row.text, kAt);
    ASSERT_TRUE(parsed.ok()) << row.text << ": " << parsed.error().render();
    EXPECT_EQ(*parsed, row.parsed) << row.text;
  }
}

struct EvalRow {
  std::string text;
  Labels labels;
  bool holds;
};

const std::vector<EvalRow> kLabelEvalRows = {
    {"location is DE", {{"location", "DE"}}, true},
    {"location is DE", {{"location", "FR"}}, false},
    {"location is DE", {}, false},
    {"location is not DE", {{"location", "FR"}}, true},
    {"location is not DE", {{"location", "DE"}}, false},
    {"location in (DE, FR)", {{"location", "FR"}}, true},
    {"location in (DE, FR)", {{"location", "IT"}}, false},
    {"location not in (DE, FR)", {{"location", "IT"}}, true},
    {"location not in (DE, FR)", {{"location", "DE"}}, false},
    // Seed 003: a resource goes "only to backends that match all defined labels", so a backend without the
    // label matches no constraint on it, whatever the form; the negations included.
    {"location is DE", {{"zone", "a"}}, false},
    {"location = DE", {}, false},
    {"location == DE", {}, false},
    {"location is not DE", {}, false},
    {"location is not DE", {{"zone", "a"}}, false},
    {"location != DE", {}, false},
    {"location in (DE, FR)", {}, false},
    {"location not in (DE, FR)", {}, false},
    {"location not in (DE, FR)", {{"zone", "a"}}, false},
};

TEST(LabelConstraints, EvaluateOnDestinationLabels) {
  for (const EvalRow& row : kLabelEvalRows) {
    EXPECT_EQ(label_constraint_holds(*parse_label_constraint(row.text, kAt), row.labels), row.holds)
        << row.text;
  }
}

// The same requirements as Kubernetes matchExpressions keep Kubernetes' semantics: NotIn (and `!=`, the
// selector's spelling of it) hold on a Destination without the label; In does not.
TEST(LabelConstraints, MatchExpressionsKeepKubernetesSemanticsOnAMissingLabel) {
  EXPECT_TRUE(holds(*parse_label_constraint("location not in (DE, FR)", kAt), {}));
  EXPECT_TRUE(holds(*parse_label_constraint("location != DE", kAt), {}));
  EXPECT_FALSE(holds(*parse_label_constraint("location in (DE, FR)", kAt), {}));
  EXPECT_TRUE(matches(LabelExpression{"location", LabelOperator::not_in, {"DE"}}, Labels{}));
  EXPECT_TRUE(matches(LabelExpression{"gpu", LabelOperator::does_not_exist}, Labels{}));
}

struct MetricRow {
  std::string text;
  MetricConstraint parsed;
};

const std::vector<MetricRow> kMetricRows = {
    {"load is 5", {"load", MetricOperator::equals, 5}},
    {"load = 5", {"load", MetricOperator::equals, 5}},
    {"load == 5", {"load", MetricOperator::equals, 5}},
    {"load is not 5", {"load", MetricOperator::not_equals, 5}},
    {"load != 5", {"load", MetricOperator::not_equals, 5}},
    {"load greater than 0.5", {"load", MetricOperator::greater, 0.5}},
    {"load gt 0.5", {"load", MetricOperator::greater, 0.5}},
    {"load > 0.5", {"load", MetricOperator::greater, 0.5}},
    {"load greater than or equal 0.5", {"load", MetricOperator::greater_or_equal, 0.5}},
    {"load gte 0.5", {"load", MetricOperator::greater_or_equal, 0.5}},
    {"load >= 0.5", {"load", MetricOperator::greater_or_equal, 0.5}},
    {"load => 0.5", {"load", MetricOperator::greater_or_equal, 0.5}},
    {"load less than -1", {"load", MetricOperator::less, -1}},
    {"load lt -1", {"load", MetricOperator::less, -1}},
    {"load < -1", {"load", MetricOperator::less, -1}},
    {"load less than or equal 1e3", {"load", MetricOperator::less_or_equal, 1000}},
    {"load lte 1e3", {"load", MetricOperator::less_or_equal, 1000}},
    {"load <= 1e3", {"load", MetricOperator::less_or_equal, 1000}},
    {"load =< 1e3", {"load", MetricOperator::less_or_equal, 1000}},
    {"load>=0.5", {"load", MetricOperator::greater_or_equal, 0.5}},
};

TEST(MetricConstraints, EveryFormOfSeed003Parses) {
  for (const MetricRow& row : kMetricRows) {
    auto parsed = parse_metric_constraint(row.text, kAt);
    ASSERT_TRUE(parsed.ok()) << row.text << ": " << parsed.error().render();
    EXPECT_EQ(*parsed, row.parsed) << row.text;
  }
}

TEST(MetricConstraints, SatisfiedComparesTheValue) {
  const std::vector<std::tuple<MetricOperator, double, bool>> rows = {
      {MetricOperator::equals, 0.5, true},
      {MetricOperator::equals, 0.6, false},
      {MetricOperator::not_equals, 0.6, true},
      {MetricOperator::not_equals, 0.5, false},
      {MetricOperator::greater, 0.6, true},
      {MetricOperator::greater, 0.5, false},
      {MetricOperator::greater_or_equal, 0.5, true},
      {MetricOperator::greater_or_equal, 0.4, false},
      {MetricOperator::less, 0.4, true},
      {MetricOperator::less, 0.5, false},
      {MetricOperator::less_or_equal, 0.5, true},
      {MetricOperator::less_or_equal, 0.6, false},
  };
  for (const auto& [op, value, expected] : rows) {
    const MetricConstraint c{"load", op, 0.5};
    EXPECT_EQ(satisfied(c, value), expected) << to_string(c) << " with " << value;
  }
  EXPECT_EQ(to_string(MetricConstraint{"load", MetricOperator::greater_or_equal, 0.5}), "load >= 0.5");
  EXPECT_EQ(to_string(MetricConstraint{"load", MetricOperator::less, 10}), "load < 10");
}

struct ErrorRow {
  std::string text;
  std::string message;
};

// kAt is column 10: an error at offset k is at column 10 + k.
const std::vector<ErrorRow> kLabelErrors = {
    {"", "policy.yaml:7:10: expected a label name, found the end"},
    {"= DE", "policy.yaml:7:10: expected a label name, found \"=\""},
    {"location DE",
     "policy.yaml:7:19: expected an operator (is, =, ==, is not, !=, in (...) or not in (...)) after "
     "\"location\", "
     "found \"DE\""},
    {"location is", "policy.yaml:7:21: expected a value, found the end"},
    {"location in DE",
     "policy.yaml:7:22: expected \"(\" starting a list of values like (a, b), found \"DE\""},
    {"location in (DE FR)", "policy.yaml:7:26: expected \",\" or \")\", found \"FR\""},
    {"location in ()", "policy.yaml:7:23: expected a value, found \")\""},
    {"location in (DE,", "policy.yaml:7:26: expected a value, found the end"},
    {"location is DE FR", "policy.yaml:7:25: expected the end of the constraint, found \"FR\""},
    {"location ! DE", "policy.yaml:7:19: unexpected \"!\": write \"!=\" or \"is not\""},
    {"location > DE",
     "policy.yaml:7:19: expected an operator (is, =, ==, is not, !=, in (...) or not in (...)) after "
     "\"location\", "
     "found \">\""},
};

const std::vector<ErrorRow> kMetricErrors = {
    {"load",
     "policy.yaml:7:14: expected an operator (is, =, ==, is not, !=, greater than, gt, >, greater than or "
     "equal, gte, >=, =>, less than, lt, <, less than or equal, lte, <=, =<) after \"load\", found the end"},
    {"load greater 5",
     "policy.yaml:7:15: expected an operator (is, =, ==, is not, !=, greater than, gt, >, greater "
     "than or equal, gte, >=, =>, less than, lt, <, less than or equal, lte, <=, =<) after \"load\", "
     "found \"greater\""},
    {"load >= high", "policy.yaml:7:18: expected a number, found \"high\""},
    {"load >= 1x", "policy.yaml:7:18: expected a number, found \"1x\""},
    {"load >= nan", "policy.yaml:7:18: expected a number, found \"nan\""},
    {"load >=", "policy.yaml:7:17: expected a number, found the end"},
    {"load >= 1 2", "policy.yaml:7:20: expected the end of the constraint, found \"2\""},
    {"load in (1)",
     "policy.yaml:7:15: expected an operator (is, =, ==, is not, !=, greater than, gt, >, greater "
     "than or equal, gte, >=, =>, less than, lt, <, less than or equal, lte, <=, =<) after \"load\", "
     "found \"in\""},
};

TEST(LabelConstraints, ErrorsPointAtTheColumnAndSayWhatWasExpected) {
  for (const ErrorRow& row : kLabelErrors) {
    auto parsed = parse_label_constraint(row.text, kAt);
    ASSERT_FALSE(parsed.ok()) << row.text;
    EXPECT_EQ(parsed.error().render(), row.message) << row.text;
  }
}

TEST(MetricConstraints, ErrorsPointAtTheColumnAndSayWhatWasExpected) {
  for (const ErrorRow& row : kMetricErrors) {
    auto parsed = parse_metric_constraint(row.text, kAt);
    ASSERT_FALSE(parsed.ok()) << row.text;
    EXPECT_EQ(parsed.error().render(), row.message) << row.text;
  }
}

}  // namespace
}  // namespace ferry::scheduler
