// A Destination's spec.filepath, read by the platform as the loader does (the Destination and Cluster kinds'
// handlers): the mode and aggregate file each Destination gets, and every error pinned with its place.
#include <gtest/gtest.h>

#include "platform/destination_filepath_parser.h"
#include "platform/object_parsers.h"

namespace ferry::runner {
namespace {

using writer::FilepathMode;

// Adds the one document of `text` (from "dest.yaml") as the loader would; on success, the spec.filepath
// the platform keeps for the Destination named "a".
Result<DestinationFilepath> filepath_added(const std::string& text, const std::string& kind = "Destination") {
  auto docs = parse_yaml_stream(text, "dest.yaml");
  EXPECT_TRUE(docs.ok());
  Platform platform;
  if (Status added = platform_kinds().at(kind)(docs->at(0), platform); !added) return added.error();
  EXPECT_EQ(platform.destinations.size(), 1u);
  EXPECT_EQ(platform.filepaths.count("a"), 1u);
  return platform.filepath("a");
}

// A Destination with `extra` appended to its spec (two-space indented lines).
Result<DestinationFilepath> filepath_with_spec(const std::string& extra) {
  return filepath_added(
      "kind: Destination\nmetadata: {name: a}\nspec:\n  path: a\n  stateStoreRef: {name: s}\n" + extra);
}

TEST(DestinationFilepath, ModeIsNestedByMetadataNoneOrAggregatedYaml) {
  const auto nested = filepath_with_spec("");
  EXPECT_EQ(nested->mode, FilepathMode::nested_by_metadata);
  EXPECT_EQ(nested->aggregate_file, "aggregated.yaml");
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: nestedByMetadata}\n")->mode,
            FilepathMode::nested_by_metadata);
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: none}\n")->mode, FilepathMode::none);
  const auto aggregated = filepath_with_spec("  filepath: {mode: aggregatedYAML}\n");
  EXPECT_EQ(aggregated->mode, FilepathMode::aggregated_yaml);
  EXPECT_EQ(aggregated->aggregate_file, "aggregated.yaml");
  const auto named = filepath_with_spec("  filepath:\n    mode: aggregatedYAML\n    filename: all.yaml\n");
  EXPECT_EQ(named->mode, FilepathMode::aggregated_yaml);
  EXPECT_EQ(named->aggregate_file, "all.yaml");
}

TEST(DestinationFilepath, ErrorsNameFileLineAndColumn) {
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: flat}\n").error().render(),
            "dest.yaml:6:20: \"spec.filepath.mode\" must be one of nestedByMetadata, none, aggregatedYAML, "
            "found \"flat\"");
  EXPECT_EQ(
      filepath_with_spec("  filepath: {mode: none, filename: all.yaml}\n").error().render(),
      "dest.yaml:6:36: \"spec.filepath.filename\" is only read in mode aggregatedYAML; remove it or set "
      "\"spec.filepath.mode: aggregatedYAML\"");
  EXPECT_EQ(
      filepath_with_spec("  filepath: {filename: all.yaml}\n").error().render(),
      "dest.yaml:6:24: \"spec.filepath.filename\" is only read in mode aggregatedYAML; remove it or set "
      "\"spec.filepath.mode: aggregatedYAML\"");
  const std::string not_plain =
      "\"spec.filepath.filename\" must be a plain file name (no \"/\", not \".\", "
      "\"..\", \".git\" or \".kratix\"), found ";
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: aggregatedYAML, filename: a/b.yaml}\n").error().render(),
            "dest.yaml:6:46: " + not_plain + "\"a/b.yaml\"");
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: aggregatedYAML, filename: ..}\n").error().render(),
            "dest.yaml:6:46: " + not_plain + "\"..\"");
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: aggregatedYAML, filename: .kratix}\n").error().render(),
            "dest.yaml:6:46: " + not_plain + "\".kratix\"");
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: aggregatedYAML, filename: \"\"}\n").error().render(),
            "dest.yaml:6:46: " + not_plain + "\"\"");
  EXPECT_EQ(filepath_with_spec("  filepath: {mode: none, path: x}\n").error().render(),
            "dest.yaml:6:26: unknown field \"path\" in \"spec.filepath\"; known fields: mode, filename");
  EXPECT_EQ(filepath_with_spec("  filepath: none\n").error().render(),
            "dest.yaml:6:13: \"spec.filepath\" must be a map, found a string");
}

// A document wrong in both the scheduler's fields and spec.filepath reports the scheduler's error.
TEST(DestinationFilepath, ComesAfterTheOtherFieldsErrors) {
  EXPECT_EQ(filepath_with_spec("  initWorkloads: true\n  filepath: {mode: flat}\n").error().render(),
            "dest.yaml:6:18: \"spec.initWorkloads\" must be a map, found a string");
  EXPECT_EQ(filepath_added("kind: Destination\nmetadata: {name: a}\nspec:\n  filepath: {mode: flat}\n"
                           "  stateStoreRef: {name: s}\n")
                .error()
                .render(),
            "dest.yaml:4:3: missing required field \"spec.path\"");
}

TEST(DestinationFilepath, OlderClusterKindHasOneToo) {
  const std::string cluster = "kind: Cluster\nmetadata: {name: a}\nspec:\n  stateStoreRef: {name: s}\n";
  EXPECT_EQ(filepath_added(cluster, "Cluster")->mode, FilepathMode::nested_by_metadata);
  EXPECT_EQ(filepath_added(cluster + "  filepath: {mode: none}\n", "Cluster")->mode, FilepathMode::none);
  EXPECT_EQ(filepath_added(cluster + "  filepath: {mode: flat}\n", "Cluster").error().render(),
            "dest.yaml:5:20: \"spec.filepath.mode\" must be one of nestedByMetadata, none, aggregatedYAML, "
            "found \"flat\"");
}

TEST(DestinationFilepath, AnUndeclaredDestinationHasTheDefaults) {
  EXPECT_EQ(Platform{}.filepath("gone"), DestinationFilepath{});
  EXPECT_EQ(DestinationFilepath{}.mode, FilepathMode::nested_by_metadata);
  EXPECT_EQ(DestinationFilepath{}.aggregate_file, "aggregated.yaml");
}

}  // namespace
}  // namespace ferry::runner
