// Parsing Destination and Cluster documents: the Kratix fields, spec.initWorkloads, located errors.
#include "platform/destination_parser.h"

#include <gtest/gtest.h>

namespace ferry::scheduler {
namespace {

using runner::parse_cluster;
using runner::parse_destination;

Result<Destination> parse(const std::string& text) {
  auto docs = parse_yaml_stream(text, "dest.yaml");
  EXPECT_TRUE(docs.ok());
  return parse_destination(docs->at(0));
}

TEST(Destination, ParsesTheKratixFields) {
  auto d = parse(R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata:
  name: worker-1
  labels: {environment: dev}
spec:
  path: worker-1
  strictMatchLabels: true
  stateStoreRef: {kind: GitStateStore, name: default}
)");
  ASSERT_TRUE(d.ok()) << d.error().render();
  EXPECT_EQ(d->name, "worker-1");
  EXPECT_EQ(d->labels, (Labels{{"environment", "dev"}}));
  EXPECT_TRUE(d->strict_match_labels);
  EXPECT_EQ(d->path, "worker-1");
  EXPECT_EQ(d->state_store, "default");
  EXPECT_EQ(d->where.render(), "dest.yaml:1:1");
}

TEST(Destination, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(
      parse("kind: Destination\nmetadata: {name: a}\nspec:\n  stateStoreRef: {name: s}\n").error().render(),
      "dest.yaml:4:3: missing required field \"spec.path\"");
  EXPECT_EQ(parse("kind: Destination\nmetadata: {name: a}\nspec:\n  path: a\n").error().render(),
            "dest.yaml:4:3: missing required field \"spec.stateStoreRef\"");
  EXPECT_EQ(parse("kind: Destination\nmetadata: {name: a, labels: [x]}\nspec: {path: a}\n").error().render(),
            "dest.yaml:2:29: \"metadata.labels\" must be a map of strings, found a list");
  EXPECT_EQ(
      parse("kind: Destination\nmetadata: {name: a}\nspec:\n  path: a\n  strictMatchLabels: yes please\n"
            "  stateStoreRef: {name: s}\n")
          .error()
          .render(),
      "dest.yaml:5:22: \"spec.strictMatchLabels\" must be true or false, found a string");
}

// A Destination with `extra` appended to its spec (two-space indented lines).
Result<Destination> with_spec(const std::string& extra) {
  return parse("kind: Destination\nmetadata: {name: a}\nspec:\n  path: a\n  stateStoreRef: {name: s}\n" +
               extra);
}

// spec.filepath is a Destination field the platform reads for the writer (tests/platform/
// destination_filepath_test.cpp): the scheduler accepts it, whatever it holds, without reading it.
TEST(Destination, FilepathIsLeftToThePlatform) {
  EXPECT_TRUE(with_spec("  filepath: {mode: flat, filename: a/b.yaml}\n").ok());
  EXPECT_TRUE(with_spec("  filepath: none\n").ok());
}

TEST(Destination, InitWorkloadsEnabledIsTrueFalseOrAbsent) {
  EXPECT_EQ(with_spec("  initWorkloads: {enabled: true}\n")->init_workloads, std::optional<bool>(true));
  EXPECT_EQ(with_spec("  initWorkloads:\n    enabled: false\n")->init_workloads, std::optional<bool>(false));
  EXPECT_EQ(with_spec("")->init_workloads, std::nullopt);
  EXPECT_EQ(with_spec("  initWorkloads: {}\n")->init_workloads, std::nullopt);
  EXPECT_EQ(with_spec("  initWorkloads:\n")->init_workloads, std::nullopt);
}

TEST(Destination, InitWorkloadsErrorsNameFileLineAndColumn) {
  EXPECT_EQ(with_spec("  initWorkloads: {enabled: maybe}\n").error().render(),
            "dest.yaml:6:28: \"spec.initWorkloads.enabled\" must be true or false, found a string");
  EXPECT_EQ(with_spec("  initWorkloads:\n    enabled: true\n    canary: yes\n").error().render(),
            "dest.yaml:8:5: unknown field \"canary\" in \"spec.initWorkloads\"; known fields: enabled");
  EXPECT_EQ(with_spec("  initWorkloads: true\n").error().render(),
            "dest.yaml:6:18: \"spec.initWorkloads\" must be a map, found a string");
  EXPECT_EQ(with_spec("  initWorkloads: {enabled: [true]}\n").error().render(),
            "dest.yaml:6:28: \"spec.initWorkloads.enabled\" must be true or false, found a list");
}

TEST(Destination, OlderClusterKindDefaultsPathToItsName) {
  auto docs = parse_yaml_stream(R"(apiVersion: platform.kratix.io/v1alpha1
kind: Cluster
metadata:
  name: worker-2
  labels: {environment: dev}
spec:
  stateStoreRef: {name: default}
)",
                                "cluster.yaml");
  auto c = parse_cluster(docs->at(0));
  ASSERT_TRUE(c.ok()) << c.error().render();
  EXPECT_EQ(c->path, "worker-2");
  EXPECT_EQ(c->labels, (Labels{{"environment", "dev"}}));
  // A Destination has no such default.
  EXPECT_EQ(parse_destination(docs->at(0)).error().render(),
            "cluster.yaml:7:3: missing required field \"spec.path\"");
}

}  // namespace
}  // namespace ferry::scheduler
