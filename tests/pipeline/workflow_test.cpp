// run_workflow: the container contract (env, mounts, object.yaml, order, failures) and scratch clean-up.
#include "workflow_fixture.h"

namespace ferry::pipeline {
namespace {

using ferry::testing::read_file;
using ferry::testing::write_file;

const std::chrono::system_clock::time_point kPinnedTime{
    std::chrono::seconds(1714564800)};  // 2024-05-01T12:00:00Z

// The status block a pipeline of the two-pipeline workflow "one", "two" sees, at kPinnedTime.
std::string status_seen(const char* one, const char* two, int succeeded) {
  const std::string time = "          lastTransitionTime: \"2024-05-01T12:00:00Z\"\n";
  return "status:\n  kratix:\n    workflows:\n      pipelines:\n"
         "        - name: one\n          phase: " +
         std::string(one) + "\n" + time + "        - name: two\n          phase: " + std::string(two) + "\n" +
         time + "  workflows: 2\n  workflowsSucceeded: " + std::to_string(succeeded) +
         "\n  workflowsFailed: 0\n"
         "  message: Pending\n  conditions:\n"
         "    - type: ConfigureWorkflowCompleted\n      status: \"False\"\n"
         "      lastTransitionTime: \"2024-05-01T12:00:00Z\"\n"
         "      reason: PipelinesInProgress\n      message: Pipelines are still in progress\n"
         "    - type: Reconciled\n      status: Unknown\n      lastTransitionTime: \"2024-05-01T12:00:00Z\"\n"
         "      reason: WorkflowPending\n      message: Pending\n";
}

TEST_F(WorkflowTest, EnvIsKratixThenContainerEnvMountsAndTimeout) {
  Container c = container("render");
  c.command = {"/bin/render"};
  c.args = {"--all"};
  c.env = {{"FOO", "bar"}, {"KRATIX_OBJECT_NAME", "override"}};
  options.timeout = std::chrono::seconds(42);
  ASSERT_TRUE(run({pipeline("instance-configure", {c})}).ok());
  ASSERT_EQ(runtime.runs().size(), 1u);
  const runtime::ContainerRun r = runtime.runs()[0];
  EXPECT_EQ(r.label, "instance-configure/render");
  EXPECT_EQ(r.image, "ghcr.io/acme/render:v1");
  EXPECT_EQ(r.command, (std::vector<std::string>{"/bin/render"}));
  EXPECT_EQ(r.args, (std::vector<std::string>{"--all"}));
  EXPECT_EQ(r.timeout, std::chrono::seconds(42));
  std::vector<runtime::EnvVar> env = kratix_env(object, "instance-configure");
  env.push_back({"FOO", "bar"});
  env.push_back({"KRATIX_OBJECT_NAME", "override"});
  EXPECT_EQ(r.env, env);
  ASSERT_EQ(r.mounts.size(), 3u);
  const std::vector<std::pair<std::string, bool>> expected = {
      {"/kratix/input", true}, {"/kratix/output", false}, {"/kratix/metadata", false}};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(r.mounts[i].container, expected[i].first);
    EXPECT_EQ(r.mounts[i].read_only, expected[i].second) << expected[i].first;
    EXPECT_TRUE(r.mounts[i].host.is_absolute());
    EXPECT_EQ(r.mounts[i].host.parent_path().parent_path(), std::filesystem::absolute(options.scratch_dir));
  }
}

TEST_F(WorkflowTest, ContainersSeeObjectYamlFreshInEveryPipeline) {
  std::vector<std::string> seen;
  auto reads_and_scribbles = [&](const runtime::ContainerRun& run) {
    const auto path = host_path_of(run, "/kratix/input") / "object.yaml";
    seen.push_back(read_file(path));
    write_file(path, "scribbled");  // the fake ignores read_only; the next pipeline must not see this
    return runtime::ContainerExit{};
  };
  behaviours["one/c"] = reads_and_scribbles;
  behaviours["two/c"] = reads_and_scribbles;
  options.now = kPinnedTime;
  ASSERT_TRUE(run({pipeline("one", {container("c")}), pipeline("two", {container("c")})}).ok());
  // The object carries the workflow's status: message "Pending" (§2.5) and the fields Kratix's controller
  // sets as the workflow goes (kratix-newer.md §1.1), pipeline by pipeline.
  EXPECT_EQ(seen, (std::vector<std::string>{object.object_yaml + status_seen("Running", "Pending", 0),
                                            object.object_yaml + status_seen("Succeeded", "Running", 1)}));
}

TEST_F(WorkflowTest, LaterPipelinesSeeTheStatusEarlierOnesWrote) {
  std::vector<std::string> seen;
  behaviours["one/c"] =
      writes("/kratix/metadata", {{"status.yaml", "message: db ready\nendpoint: {host: x}\n"}});
  behaviours["two/c"] = [&](const runtime::ContainerRun& run) {
    seen.push_back(read_file(host_path_of(run, "/kratix/input") / "object.yaml"));
    return runtime::ContainerExit{};
  };
  options.now = kPinnedTime;
  auto results = run({pipeline("one", {container("c")}), pipeline("two", {container("c")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  ASSERT_EQ(seen.size(), 1u);
  // The message reads "Pending", as Kratix resets it when a pipeline starts (kratix-newer.md §1.4).
  EXPECT_EQ(seen[0],
            object.object_yaml + status_seen("Succeeded", "Running", 1) + "  endpoint:\n    host: x\n");
  // The last pipeline completes the workflow: the earlier message survives (Kratix would lose it).
  EXPECT_EQ(results->back().message, "db ready");
  EXPECT_NE(results->back().status_yaml.find("type: ConfigureWorkflowCompleted"), std::string::npos);
}

TEST_F(WorkflowTest, WorkflowControlSuspendsAtThatPipelineAndWritesNoGroups) {
  bool second_ran = false;
  behaviours["one/c"] = [&](const runtime::ContainerRun& run) {
    write_file(host_path_of(run, "/kratix/output") / "a.yaml", "a");
    write_file(host_path_of(run, "/kratix/metadata") / "workflow-control.yaml",
               "retryAfter: 10m\nmessage: waiting for approval\n");
    return runtime::ContainerExit{};
  };
  behaviours["two/c"] = [&](const runtime::ContainerRun&) {
    second_ran = true;
    return runtime::ContainerExit{};
  };
  auto results = run({pipeline("one", {container("c")}), pipeline("two", {container("c")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  ASSERT_EQ(results->size(), 1u);
  EXPECT_FALSE(second_ran);
  ASSERT_TRUE(results->at(0).suspension.has_value());
  EXPECT_EQ(results->at(0).suspension->message, "waiting for approval");
  EXPECT_EQ(results->at(0).suspension->attempts, 1);
  EXPECT_TRUE(results->at(0).groups.empty());
}

TEST_F(WorkflowTest, EachPipelineStartsWithEmptyOutputAndMetadata) {
  behaviours["one/c"] = writes("/kratix/output", {{"a.yaml", "a"}});
  behaviours["one/d"] = writes("/kratix/metadata", {{"status.yaml", "message: hi\n"}});
  std::vector<bool> empty;
  behaviours["two/c"] = [&](const runtime::ContainerRun& run) {
    empty.push_back(std::filesystem::is_empty(host_path_of(run, "/kratix/output")));
    empty.push_back(std::filesystem::is_empty(host_path_of(run, "/kratix/metadata")));
    return runtime::ContainerExit{};
  };
  ASSERT_TRUE(
      run({pipeline("one", {container("c"), container("d")}), pipeline("two", {container("c")})}).ok());
  EXPECT_EQ(empty, (std::vector<bool>{true, true}));
  const auto runs = runtime.runs();
  EXPECT_NE(host_path_of(runs[0], "/kratix/output"), host_path_of(runs[2], "/kratix/output"));
  EXPECT_EQ(host_path_of(runs[0], "/kratix/output"), host_path_of(runs[1], "/kratix/output"));
}

TEST_F(WorkflowTest, StopsAtFirstFailureWithLogTail) {
  std::string log;
  for (int i = 1; i <= 25; ++i) log += "line " + std::to_string(i) + "\n";
  behaviours["one/b"] = [&](const runtime::ContainerRun&) { return runtime::ContainerExit{3, false, log}; };
  const auto pipelines = std::vector<Pipeline>{
      pipeline("one", {container("a"), container("b"), container("c")}), pipeline("two", {container("a")})};
  std::string tail;
  for (int i = 6; i <= 25; ++i) tail += (i == 6 ? "" : "\n") + std::string("line ") + std::to_string(i);
  EXPECT_EQ(
      error_of(pipelines),
      "pipeline \"one\" container \"b\" (image ghcr.io/acme/b:v1) exited with code 3; last lines of its "
      "log:\n" +
          tail);
  std::vector<std::string> labels;
  for (const runtime::ContainerRun& r : runtime.runs()) labels.push_back(r.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"one/a", "one/b"}));
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(WorkflowTest, ShortLogIsQuotedWhole) {
  behaviours["p/a"] = [](const runtime::ContainerRun&) {
    return runtime::ContainerExit{1, false, "no\ntrailing newline"};
  };
  EXPECT_EQ(error_of({pipeline("p", {container("a")})}),
            "pipeline \"p\" container \"a\" (image ghcr.io/acme/a:v1) exited with code 1; last lines of its "
            "log:\nno\ntrailing newline");
}

TEST_F(WorkflowTest, TimeoutAndEmptyLog) {
  options.timeout = std::chrono::seconds(5);
  behaviours["p/a"] = [](const runtime::ContainerRun&) {
    return runtime::ContainerExit{137, true, "working...\n"};
  };
  EXPECT_EQ(error_of({pipeline("p", {container("a")})}),
            "pipeline \"p\" container \"a\" (image ghcr.io/acme/a:v1) timed out after 5s; last lines of its "
            "log:\nworking...");
  behaviours["p/a"] = [](const runtime::ContainerRun&) { return runtime::ContainerExit{2, false, "\n"}; };
  EXPECT_EQ(error_of({pipeline("p", {container("a")})}),
            "pipeline \"p\" container \"a\" (image ghcr.io/acme/a:v1) exited with code 2 and wrote no log");
}

class BrokenRuntime : public runtime::ContainerRuntime {
 public:
  std::string name() const override { return "broken"; }
  Result<runtime::ContainerExit> run(const runtime::ContainerRun&) override {
    return make_error("podman: not found");
  }
};

TEST_F(WorkflowTest, RuntimeErrorNamesContainer) {
  BrokenRuntime broken;
  auto results = run_workflow({pipeline("p", {container("a")})}, object, broken, options);
  ASSERT_FALSE(results.ok());
  EXPECT_EQ(results.error().render(),
            "pipeline \"p\" container \"a\" (image ghcr.io/acme/a:v1) could not be run: podman: not found");
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(WorkflowTest, ScratchRemovedAfterSuccess) {
  behaviours["p/a"] = writes("/kratix/output", {{"deep/x.yaml", "x"}});
  ASSERT_TRUE(run({pipeline("p", {container("a")}), pipeline("q", {container("a")})}).ok());
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(WorkflowTest, ScratchDirThatCannotBeCreated) {
  write_file(scratch.path() / "file", "x");
  options.scratch_dir = scratch.path() / "file";
  const std::string error = error_of({pipeline("p", {container("a")})});
  EXPECT_TRUE(
      error.starts_with("cannot create scratch directory " + (scratch.path() / "file/ferry-").string()))
      << error;
  EXPECT_TRUE(error.ends_with(": Not a directory")) << error;
  EXPECT_TRUE(runtime.runs().empty());
}

TEST_F(WorkflowTest, EmptyScratchDirMeansSystemTemp) {
  options.scratch_dir.clear();
  ASSERT_TRUE(run({pipeline("p", {container("a")})}).ok());
  const auto input = host_path_of(runtime.runs().at(0), "/kratix/input");
  EXPECT_EQ(input.parent_path().parent_path(), std::filesystem::temp_directory_path());
  EXPECT_FALSE(std::filesystem::exists(input.parent_path()));
}

TEST_F(WorkflowTest, NoPipelinesIsNoResults) {
  auto results = run({});
  ASSERT_TRUE(results.ok());
  EXPECT_TRUE(results->empty());
}

}  // namespace
}  // namespace ferry::pipeline
