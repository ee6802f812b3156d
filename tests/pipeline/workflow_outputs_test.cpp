// run_workflow: destination-selectors.yaml (both spellings), output groups per pipeline, delete workflows.
#include "workflow_fixture.h"

namespace ferry::pipeline {
namespace {

const std::string kHyphen = "destination-selectors.yaml";
const std::string kUnderscore = "destination_selectors.yaml";

// The "Directory-based scheduling" example of the Kratix docs (seed 001), through a whole pipeline.
TEST_F(WorkflowTest, GroupsFromSelectorsFile) {
  behaviours["instance-configure/render"] =
      writes("/kratix/output", {{"document-0.yaml", "0"},
                                {"some-dir/document-1.yaml", "1"},
                                {"scheduled-dir/document-2.yaml", "2"},
                                {"scheduled-dir/document-3.yaml", "3"}});
  behaviours["instance-configure/schedule"] = writes(
      "/kratix/metadata", {{kHyphen, "- directory: scheduled-dir\n  matchLabels:\n    workflow: subdir\n"}});
  auto results = run({pipeline("instance-configure", {container("render"), container("schedule")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  ASSERT_EQ(results->size(), 1u);
  const PipelineResult& result = (*results)[0];
  EXPECT_EQ(result.pipeline, "instance-configure");
  ASSERT_EQ(result.groups.size(), 2u);
  EXPECT_EQ(result.groups[0].directory, "scheduled-dir");
  EXPECT_EQ(result.groups[0].workflow_selector, (Labels{{"workflow", "subdir"}}));
  EXPECT_EQ(result.groups[0].files, (std::vector<OutputFile>{{"scheduled-dir/document-2.yaml", "2"},
                                                             {"scheduled-dir/document-3.yaml", "3"}}));
  EXPECT_EQ(result.groups[1].id, "5058f1af8388633f609cadb75a75dc9d");
  EXPECT_EQ(result.groups[1].files,
            (std::vector<OutputFile>{{"document-0.yaml", "0"}, {"some-dir/document-1.yaml", "1"}}));
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(WorkflowTest, EachPipelineHasItsOwnResult) {
  behaviours["one/c"] = writes("/kratix/output", {{"a.yaml", "a"}});
  behaviours["two/c"] = writes("/kratix/output", {{"b.yaml", "b"}});
  auto results = run({pipeline("one", {container("c")}), pipeline("two", {container("c")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  ASSERT_EQ(results->size(), 2u);
  EXPECT_EQ((*results)[0].pipeline, "one");
  EXPECT_EQ((*results)[0].groups.at(0).files, (std::vector<OutputFile>{{"a.yaml", "a"}}));
  EXPECT_EQ((*results)[1].pipeline, "two");
  EXPECT_EQ((*results)[1].groups.at(0).files, (std::vector<OutputFile>{{"b.yaml", "b"}}));
}

TEST_F(WorkflowTest, UnderscoreSpellingAccepted) {
  behaviours["p/c"] = writes("/kratix/metadata", {{kUnderscore, "- matchLabels: {env: dev}\n"}});
  behaviours["p/d"] = writes("/kratix/output", {{"x.yaml", "x"}});
  auto results = run({pipeline("p", {container("c"), container("d")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  ASSERT_EQ(results->at(0).groups.size(), 1u);
  EXPECT_EQ(results->at(0).groups[0].workflow_selector, (Labels{{"env", "dev"}}));
}

TEST_F(WorkflowTest, BothSpellingsRefused) {
  behaviours["p/c"] = writes("/kratix/metadata", {{kHyphen, "[]\n"}, {kUnderscore, "[]\n"}});
  EXPECT_EQ(error_of({pipeline("p", {container("c")})}),
            "pipeline \"p\": both /kratix/metadata/destination-selectors.yaml and destination_selectors.yaml "
            "exist: write only destination-selectors.yaml");
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(WorkflowTest, InvalidSelectorsNameFileAsContainerSeesIt) {
  behaviours["p/c"] = writes("/kratix/metadata", {{kHyphen, "- matchLabels: {a: b}\n  directory: a/b\n"}});
  EXPECT_EQ(error_of({pipeline("p", {container("c")})}),
            "/kratix/metadata/destination-selectors.yaml:2:14: pipeline \"p\": directory \"a/b\" is nested: "
            "only top-level directories of /kratix/output can be scheduled");
  behaviours["p/c"] = writes("/kratix/metadata", {{kUnderscore, "- {}\n"}});
  EXPECT_EQ(
      error_of({pipeline("p", {container("c")})}),
      "/kratix/metadata/destination_selectors.yaml:1:3: pipeline \"p\": a destination selector needs at "
      "least one label in \"matchLabels\" or one entry in \"matchExpressions\", e.g. matchLabels: "
      "{environment: dev}");
}

TEST_F(WorkflowTest, SymlinkedSelectorsFileRefused) {
  behaviours["p/c"] = [](const runtime::ContainerRun& run) {
    std::filesystem::create_symlink("/etc/hostname", host_path_of(run, "/kratix/metadata") / kHyphen);
    return runtime::ContainerExit{};
  };
  EXPECT_EQ(error_of({pipeline("p", {container("c")})}),
            "pipeline \"p\": /kratix/metadata/destination-selectors.yaml is not a regular file (a symlink?): "
            "write a plain file");
}

TEST_F(WorkflowTest, HugeSelectorsFileRefused) {
  behaviours["p/c"] = writes("/kratix/metadata", {{kHyphen, "#" + std::string(1u << 20, 'x')}});
  EXPECT_EQ(error_of({pipeline("p", {container("c")})}),
            "pipeline \"p\": /kratix/metadata/destination-selectors.yaml is larger than 1 MiB: write less");
}

TEST_F(WorkflowTest, MissingListedDirectoryFailsPipelineAndStopsWorkflow) {
  behaviours["p/c"] = writes("/kratix/metadata", {{kHyphen, "- matchLabels: {a: b}\n  directory: gone\n"}});
  EXPECT_EQ(error_of({pipeline("p", {container("c")}), pipeline("q", {container("c")})}),
            "pipeline \"p\": directory \"gone\" of the destination selectors is not a directory in "
            "/kratix/output: write its files to /kratix/output/gone/ or remove the entry");
  EXPECT_EQ(runtime.runs().size(), 1u);
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(WorkflowTest, OutputRefusalsCarryPipelineAndContainerName) {
  behaviours["p/c"] = [](const runtime::ContainerRun& run) {
    std::filesystem::create_symlink("/etc/passwd", host_path_of(run, "/kratix/output") / "link.yaml");
    return runtime::ContainerExit{};
  };
  EXPECT_EQ(error_of({pipeline("p", {container("c")})}),
            "pipeline \"p\" container \"c\": output \"link.yaml\" is a symlink; only regular files and "
            "directories are allowed");
}

TEST_F(WorkflowTest, DeleteWorkflowOutputIsIgnored) {
  object.action = "delete";
  behaviours["p/c"] = writes("/kratix/output", {{"x.yaml", "x"}});
  behaviours["p/d"] = writes("/kratix/metadata", {{kHyphen, "not: [valid"}});
  auto results = run({pipeline("p", {container("c"), container("d")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  EXPECT_TRUE(results->at(0).groups.empty());
}

}  // namespace
}  // namespace ferry::pipeline
