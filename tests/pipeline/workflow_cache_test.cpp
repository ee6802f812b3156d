// run_workflow with a pipeline cache (fake runtime, in-memory cache): a hit starts no container and gives
// the same results; what must not be cached is not; a changed input misses.
#include "core/secret_values.h"
#include "pipeline/pipeline_cache.h"
#include "workflow_fixture.h"

namespace ferry::pipeline {
namespace {

class WorkflowCache : public WorkflowTest {
 protected:
  WorkflowCache() {
    options.cache = &cache;
    behaviours["p/render"] = writes("/kratix/output", {{"a.yaml", "a"}, {"only/b.yaml", "b"}});
    behaviours["p/schedule"] = writes(
        "/kratix/metadata", {{"destination-selectors.yaml", "- directory: only\n  matchLabels: {x: y}\n"},
                             {"status.yaml", "size: 3\n"}});
  }
  std::vector<Pipeline> workflow() const {
    return {pipeline("p", {container("render"), container("schedule")})};
  }
  std::size_t container_runs() const { return runtime.runs().size(); }
  std::size_t one_run_containers(const std::vector<Pipeline>& pipelines) {
    const std::size_t before = container_runs();
    EXPECT_TRUE(run(pipelines).ok());
    return container_runs() - before;
  }
  // Runs the workflow twice and says how many containers the second run started.
  std::size_t second_run_containers(const std::vector<Pipeline>& pipelines) {
    EXPECT_TRUE(run(pipelines).ok());
    const std::size_t first = container_runs();
    EXPECT_TRUE(run(pipelines).ok());
    return container_runs() - first;
  }
  MemoryPipelineCache cache;
};

void expect_same_results(const std::vector<PipelineResult>& a, const std::vector<PipelineResult>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].pipeline, b[i].pipeline);
    ASSERT_EQ(a[i].groups.size(), b[i].groups.size());
    for (std::size_t g = 0; g < a[i].groups.size(); ++g) {
      EXPECT_EQ(a[i].groups[g].directory, b[i].groups[g].directory);
      EXPECT_EQ(a[i].groups[g].workflow_selector, b[i].groups[g].workflow_selector);
      EXPECT_EQ(a[i].groups[g].files, b[i].groups[g].files);
    }
    EXPECT_EQ(a[i].status_yaml, b[i].status_yaml);
    EXPECT_EQ(a[i].message, b[i].message);
  }
}

TEST_F(WorkflowCache, SecondRunStartsNoContainerAndGivesTheSameResults) {
  auto first = run(workflow());
  ASSERT_TRUE(first.ok()) << first.error().render();
  EXPECT_EQ(container_runs(), 2u);
  EXPECT_FALSE(first->at(0).from_cache);
  auto second = run(workflow());
  ASSERT_TRUE(second.ok()) << second.error().render();
  EXPECT_EQ(container_runs(), 2u);
  EXPECT_TRUE(second->at(0).from_cache);
  expect_same_results(*first, *second);
  EXPECT_TRUE(scratch_is_empty());
}

TEST_F(WorkflowCache, AnEmptyListedDirectoryIsRestored) {
  behaviours["p/render"] = [](const runtime::ContainerRun& run) {
    std::filesystem::create_directories(host_path_of(run, "/kratix/output") / "only");
    return runtime::ContainerExit{};
  };
  auto first = run(workflow());
  ASSERT_TRUE(first.ok()) << first.error().render();
  auto second = run(workflow());
  ASSERT_TRUE(second.ok()) << second.error().render();
  EXPECT_TRUE(second->at(0).from_cache);
  expect_same_results(*first, *second);
}

TEST_F(WorkflowCache, ChangedInputsMiss) {
  ASSERT_EQ(second_run_containers(workflow()), 0u);
  object.object_yaml += "spec: {size: 2}\n";
  EXPECT_EQ(one_run_containers(workflow()), 2u);
  runtime.set_image_digest("ghcr.io/acme/render:v1", "sha256:rebuilt");
  EXPECT_EQ(one_run_containers(workflow()), 2u);
  EXPECT_EQ(one_run_containers(workflow()), 0u);
}

TEST_F(WorkflowCache, ForceRunsAndStores) {
  ASSERT_TRUE(run(workflow()).ok());
  options.cache_reads = false;
  EXPECT_EQ(second_run_containers(workflow()), 2u);
  EXPECT_EQ(cache.loads(), 1);
  EXPECT_EQ(cache.stored_keys().size(), 1u);
}

TEST_F(WorkflowCache, NetworkAlwaysPullUnknownImageAndDeleteAreNeverCached) {
  std::vector<Pipeline> network = workflow();
  network[0].network = true;
  EXPECT_EQ(second_run_containers(network), 2u);
  std::vector<Pipeline> always = workflow();
  always[0].containers[1].pull_policy = PullPolicy::always;
  EXPECT_EQ(second_run_containers(always), 2u);
  runtime.set_image_digest("ghcr.io/acme/schedule:v1", "");  // the runtime cannot tell
  EXPECT_EQ(second_run_containers(workflow()), 2u);
  runtime.set_image_digest("ghcr.io/acme/schedule:v1", "sha256:known");
  object.action = "delete";
  EXPECT_EQ(second_run_containers(workflow()), 2u);
  EXPECT_TRUE(cache.stored_keys().empty());
}

TEST_F(WorkflowCache, FailedAndSuspendedPipelinesAreNotStored) {
  behaviours["p/schedule"] = [](const runtime::ContainerRun&) {
    return runtime::ContainerExit{1, false, "no\n"};
  };
  EXPECT_FALSE(run(workflow()).ok());
  behaviours["p/schedule"] = writes("/kratix/metadata", {{"workflow-control.yaml", "suspend: true\n"}});
  auto suspended = run(workflow());
  ASSERT_TRUE(suspended.ok()) << suspended.error().render();
  ASSERT_TRUE(suspended->at(0).suspension);
  EXPECT_TRUE(cache.stored_keys().empty());
}

TEST_F(WorkflowCache, AResultHoldingASecretValueIsNotStored) {
  remember_secret_value("s3cret-token");
  behaviours["p/render"] =
      writes("/kratix/output", {{"a.yaml", "token: s3cret-token\n"}, {"only/b.yaml", "b"}});
  EXPECT_EQ(second_run_containers(workflow()), 2u);
  behaviours["p/render"] = writes("/kratix/output", {{"s3cret-token.yaml", "a"}, {"only/b.yaml", "b"}});
  EXPECT_EQ(second_run_containers(workflow()), 2u);
  EXPECT_TRUE(cache.stored_keys().empty());
  forget_secret_values();
  EXPECT_EQ(second_run_containers(workflow()), 0u);
}

TEST_F(WorkflowCache, EachPipelineHasItsOwnEntry) {
  std::vector<Pipeline> two = {pipeline("p", {container("render")}), pipeline("q", {container("render")})};
  EXPECT_EQ(second_run_containers(two), 0u);
  EXPECT_EQ(cache.stored_keys().size(), 2u);
}

}  // namespace
}  // namespace ferry::pipeline
