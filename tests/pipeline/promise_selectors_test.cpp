// spec.destinationSelectors of a Promise: matchLabels per entry (Kratix) and matchExpressions (ferry).
#include <gtest/gtest.h>

#include "pipeline/model.h"
#include "pipeline/promise_parser.h"

namespace ferry::pipeline {
namespace {

Result<Promise> parse_selectors(const std::string& selectors) {
  auto docs = parse_yaml_stream(
      "apiVersion: platform.kratix.io/v1alpha1\nkind: Promise\nmetadata: {name: p}\n"
      "spec:\n  destinationSelectors:\n" +
          selectors,
      "promise.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_promise(docs->at(0));
}

TEST(PromiseSelectors, ReadsMatchLabelsAndMatchExpressionsOfEveryEntry) {
  auto promise = parse_selectors(
      "  - matchLabels: {env: dev}\n"
      "    matchExpressions: [{key: zone, operator: In, values: [eu, us]}]\n"
      "  - matchExpressions: [{key: gpu, operator: DoesNotExist}]\n");
  ASSERT_TRUE(promise.ok()) << promise.error().render();
  EXPECT_EQ(promise->destination_selectors, (std::vector<Labels>{{{"env", "dev"}}, {}}));
  EXPECT_EQ(promise->destination_expressions,
            (std::vector<LabelExpression>{{"zone", LabelOperator::in, {"eu", "us"}},
                                          {"gpu", LabelOperator::does_not_exist}}));
}

TEST(PromiseSelectors, ABadExpressionIsLocated) {
  EXPECT_EQ(
      parse_selectors("  - matchExpressions: [{key: zone, operator: in, values: [eu]}]\n").error().render(),
      "promise.yaml:6:46: unknown operator \"in\" in \"spec.destinationSelectors[0].matchExpressions[0]."
      "operator\"; use In, NotIn, Exists, DoesNotExist, Gt or Lt");
  EXPECT_EQ(
      parse_selectors("  - matchExpressions: [{key: zone, operator: NotIn}]\n").error().render(),
      "promise.yaml:6:24: \"spec.destinationSelectors[0].matchExpressions[0].values\" must list at least one "
      "value for operator NotIn");
}

}  // namespace
}  // namespace ferry::pipeline
