// run_workflow feeds the object's last status back (kratix-newer.md §1.4, §1.5): every pipeline's
// /kratix/input/object.yaml carries it with message Pending, the controller's fields move pipeline by
// pipeline, a failure leaves Kratix's failure fields and the earlier pipelines' status, and the pipeline
// cache key does not change with the controller's fields alone.
#include "core/yaml_document.h"
#include "pipeline/pipeline_cache.h"
#include "workflow_fixture.h"

namespace ferry::pipeline {
namespace {

using ferry::testing::read_file;

class WorkflowStatusFeed : public WorkflowTest {
 protected:
  WorkflowStatusFeed() {
    options.now = std::chrono::system_clock::time_point{std::chrono::seconds(1714564800)};
    options.status_out = &status_out;
  }
  // The status a container of `label` sees in /kratix/input/object.yaml, collected into `seen`.
  void reads_status(const std::string& label) {
    behaviours[label] = [this](const runtime::ContainerRun& run) {
      const YAML::Node object = YAML::Load(read_file(host_path_of(run, "/kratix/input") / "object.yaml"));
      seen.push_back(YAML::Clone(object["status"]));
      return runtime::ContainerExit{};
    };
  }
  std::vector<YAML::Node> seen;
  std::string status_out;
};

TEST_F(WorkflowStatusFeed, PipelinesSeeTheLastRunsStatusWithMessagePending) {
  object.status_yaml = "message: Resource requested\ncount: 2\nworkflows: 1\n";
  reads_status("one/c");
  reads_status("two/c");
  auto results = run({pipeline("one", {container("c")}), pipeline("two", {container("c")})});
  ASSERT_TRUE(results.ok()) << results.error().render();
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0]["count"].as<int>(), 2);
  EXPECT_EQ(seen[0]["message"].Scalar(), "Pending");
  EXPECT_EQ(seen[0]["workflows"].as<int>(), 2);
  EXPECT_EQ(seen[0]["workflowsSucceeded"].as<int>(), 0);
  EXPECT_EQ(seen[0]["kratix"]["workflows"]["pipelines"][0]["phase"].Scalar(), "Running");
  EXPECT_EQ(seen[0]["kratix"]["workflows"]["pipelines"][1]["phase"].Scalar(), "Pending");
  EXPECT_EQ(seen[1]["workflowsSucceeded"].as<int>(), 1);
  EXPECT_EQ(seen[1]["kratix"]["workflows"]["pipelines"][0]["phase"].Scalar(), "Succeeded");
  EXPECT_EQ(seen[1]["kratix"]["workflows"]["pipelines"][1]["phase"].Scalar(), "Running");
  const YAML::Node final_status = YAML::Load(status_out);
  EXPECT_EQ(final_status["message"].Scalar(), "Resource requested");
  EXPECT_EQ(final_status["workflowsSucceeded"].as<int>(), 2);
  EXPECT_EQ(final_status["lastSuccessfulConfigureWorkflowTime"].Scalar(), "2024-05-01T12:00:00Z");
  EXPECT_EQ(status_out, results->back().status_yaml);
}

TEST_F(WorkflowStatusFeed, ACounterCountsOnFromTheFedBackStatus) {
  behaviours["count/c"] = [](const runtime::ContainerRun& run) {
    const YAML::Node object = YAML::Load(read_file(host_path_of(run, "/kratix/input") / "object.yaml"));
    const int count = object["status"]["count"] ? object["status"]["count"].as<int>() : 0;
    ferry::testing::write_file(host_path_of(run, "/kratix/metadata") / "status.yaml",
                               "count: " + std::to_string(count + 1) + "\n");
    return runtime::ContainerExit{};
  };
  for (int expected = 1; expected <= 3; ++expected) {
    auto results = run({pipeline("count", {container("c")})});
    ASSERT_TRUE(results.ok()) << results.error().render();
    EXPECT_EQ(YAML::Load(status_out)["count"].as<int>(), expected);
    object.status_yaml = status_out;  // what the reconciler records and feeds to the next run
  }
}

TEST_F(WorkflowStatusFeed, AFailedPipelineLeavesKratixsFailureAndTheEarlierStatus) {
  behaviours["one/c"] = writes("/kratix/metadata", {{"status.yaml", "stage: one\n"}});
  behaviours["two/c"] = [](const runtime::ContainerRun&) {
    return runtime::ContainerExit{1, false, "boom\n"};
  };
  auto results = run({pipeline("one", {container("c")}), pipeline("two", {container("c")})});
  ASSERT_FALSE(results.ok());
  const YAML::Node status = YAML::Load(status_out);
  EXPECT_EQ(status["stage"].Scalar(), "one");
  EXPECT_EQ(status["message"].Scalar(), "Pending");
  EXPECT_EQ(status["workflowsSucceeded"].as<int>(), 1);
  EXPECT_EQ(status["workflowsFailed"].as<int>(), 1);
  EXPECT_EQ(status["kratix"]["workflows"]["pipelines"][1]["phase"].Scalar(), "Failed");
  EXPECT_EQ(status["conditions"][0]["type"].Scalar(), "ConfigureWorkflowCompleted");
  EXPECT_EQ(status["conditions"][0]["status"].Scalar(), "False");
  EXPECT_EQ(status["conditions"][0]["reason"].Scalar(), "ConfigureWorkflowFailed");
  EXPECT_EQ(status["conditions"][0]["message"].Scalar(), "A Configure Pipeline has failed: two");
}

// Kratix's controller rewrites the counters it owns whatever a pipeline wrote (kratix-newer.md §1.4).
TEST_F(WorkflowStatusFeed, APipelineCannotSetTheControllersCounters) {
  behaviours["one/c"] = writes(
      "/kratix/metadata", {{"status.yaml", "workflows: 9\nworkflowsSucceeded: 9\nworkflowsFailed: 9\n"}});
  reads_status("two/c");
  ASSERT_TRUE(run({pipeline("one", {container("c")}), pipeline("two", {container("c")})}).ok());
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0]["workflows"].as<int>(), 2);
  EXPECT_EQ(seen[0]["workflowsSucceeded"].as<int>(), 1);
  EXPECT_EQ(seen[0]["workflowsFailed"].as<int>(), 0);
  const YAML::Node status = YAML::Load(status_out);
  EXPECT_EQ(status["workflows"].as<int>(), 2);
  EXPECT_EQ(status["workflowsSucceeded"].as<int>(), 2);
  EXPECT_EQ(status["workflowsFailed"].as<int>(), 0);
}

TEST_F(WorkflowStatusFeed, TheCacheKeyIgnoresTheControllersFieldsButNotThePipelines) {
  MemoryPipelineCache cache;
  options.cache = &cache;
  behaviours["p/c"] = writes("/kratix/metadata", {{"status.yaml", "size: 3\n"}});
  ASSERT_TRUE(run({pipeline("p", {container("c")})}).ok());
  // The second run sees size 3 for the first time: a new input, so a miss.
  object.status_yaml = status_out;
  auto second = run({pipeline("p", {container("c")})});
  ASSERT_TRUE(second.ok());
  EXPECT_FALSE(second->front().from_cache);
  object.status_yaml = status_out;  // new times, counters and conditions, the same pipeline-written size
  options.now += std::chrono::hours(1);
  auto again = run({pipeline("p", {container("c")})});
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->front().from_cache);
  object.status_yaml = "size: 4\n";
  auto changed = run({pipeline("p", {container("c")})});
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(changed->front().from_cache);
}

}  // namespace
}  // namespace ferry::pipeline
