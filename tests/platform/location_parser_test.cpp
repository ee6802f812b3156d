// Parsing KCP Locations (seed 004) as ferry's kind: labels, the instance selector, located errors.
#include "platform/location_parser.h"

#include <gtest/gtest.h>

namespace ferry::scheduler {
namespace {

using runner::parse_location;

Result<Location> location_from(const std::string& text) {
  auto docs = parse_yaml_stream(text, "loc.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_location(docs->at(0));
}

TEST(Location, ParsesTheKind) {
  auto location = location_from(R"(apiVersion: scheduling.ferry.dev/v1alpha1
kind: Location
metadata:
  name: aws
  labels: {cloud: aws}
spec:
  instanceSelector:
    matchLabels: {provider: aws}
    matchExpressions: [{key: region, operator: In, values: [eu-west-1]}]
)");
  ASSERT_TRUE(location.ok()) << location.error().render();
  EXPECT_EQ(location->name, "aws");
  EXPECT_EQ(location->labels, (Labels{{"cloud", "aws"}}));
  EXPECT_EQ(location->instance_selector,
            (LabelSelector{{{"provider", "aws"}}, {{"region", LabelOperator::in, {"eu-west-1"}}}}));
}

TEST(Location, ErrorsAreLocated) {
  EXPECT_EQ(location_from("apiVersion: scheduling.kcp.io/v1alpha1\nkind: Location\nmetadata: {name: a}\n")
                .error()
                .render(),
            "loc.yaml:1:13: Location must have apiVersion scheduling.ferry.dev/v1alpha1, found "
            "scheduling.kcp.io/v1alpha1");
  EXPECT_EQ(
      location_from("apiVersion: scheduling.ferry.dev/v1alpha1\nkind: Location\nmetadata: {name: a}\nspec:\n"
                    "  instanceSelector: {matchLabels: {a: b}}\n  resources: [x]\n")
          .error()
          .render(),
      "loc.yaml:6:3: unknown field \"resources\" in \"spec\"; known fields: instanceSelector");
  EXPECT_EQ(
      location_from(
          "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: Location\nmetadata: {name: a}\nspec: {x: 1}\n")
          .error()
          .render(),
      "loc.yaml:4:8: unknown field \"x\" in \"spec\"; known fields: instanceSelector");
  EXPECT_EQ(
      location_from("apiVersion: scheduling.ferry.dev/v1alpha1\nkind: Location\nmetadata: {name: a}\nspec:\n"
                    "  instanceSelector: {matchLabel: {a: b}}\n")
          .error()
          .render(),
      "loc.yaml:5:22: unknown field \"matchLabel\" in \"spec.instanceSelector\"; did you mean "
      "\"matchLabels\"?");
}

}  // namespace
}  // namespace ferry::scheduler
