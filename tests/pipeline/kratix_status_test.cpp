// The status fields Kratix's controller owns (pipeline/kratix_status.h; kratix-newer.md §1.1-§1.5).
#include "pipeline/kratix_status.h"

#include <gtest/gtest.h>

#include "core/yaml_document.h"

namespace ferry::pipeline {
namespace {

const TimePoint kStart{std::chrono::seconds(1714564800)};   // 2024-05-01T12:00:00Z
const TimePoint kLater = kStart + std::chrono::minutes(1);  // 2024-05-01T12:01:00Z

YAML::Node started(const char* previous = "{}") {
  return workflow_starting_status(YAML::Load(previous), {"configure", "notify"}, kStart);
}

TEST(KratixStatus, AWorkflowStartsWithEveryPipelinePendingAndTheCountersReset) {
  const YAML::Node status = started("{workflowsSucceeded: 2, workflowsFailed: 1, connection: {host: h}}");
  EXPECT_EQ(
      to_yaml_text(status),
      "workflowsSucceeded: 0\n"
      "workflowsFailed: 0\n"
      "connection:\n  host: h\n"
      "kratix:\n  workflows:\n    pipelines:\n"
      "      - name: configure\n        phase: Pending\n        lastTransitionTime: "
      "\"2024-05-01T12:00:00Z\"\n"
      "      - name: notify\n        phase: Pending\n        lastTransitionTime: \"2024-05-01T12:00:00Z\"\n"
      "workflows: 2\n");
}

TEST(KratixStatus, APipelineStillPendingKeepsItsTransitionTime) {
  YAML::Node status = started();
  status = workflow_starting_status(status, {"configure", "notify"}, kLater);
  EXPECT_EQ(status["kratix"]["workflows"]["pipelines"][1]["lastTransitionTime"].Scalar(),
            "2024-05-01T12:00:00Z");
}

TEST(KratixStatus, RunningThenSucceededSetsPhasesCountersAndConditions) {
  YAML::Node status = started();
  mark_pipeline_running(status, 0, kStart);
  EXPECT_EQ(status["kratix"]["workflows"]["pipelines"][0]["phase"].Scalar(), "Running");
  EXPECT_EQ(to_yaml_text(status["conditions"]),
            "- type: ConfigureWorkflowCompleted\n  status: \"False\"\n  lastTransitionTime: "
            "\"2024-05-01T12:00:00Z\"\n"
            "  reason: PipelinesInProgress\n  message: Pipelines are still in progress\n"
            "- type: Reconciled\n  status: Unknown\n  lastTransitionTime: \"2024-05-01T12:00:00Z\"\n"
            "  reason: WorkflowPending\n  message: Pending\n");
  mark_pipeline_succeeded(status, 0, false, kLater);
  mark_pipeline_running(status, 1, kLater);
  // Unchanged conditions keep their time; a pipeline's phase time moves with its phase.
  EXPECT_EQ(status["conditions"][0]["lastTransitionTime"].Scalar(), "2024-05-01T12:00:00Z");
  EXPECT_EQ(status["kratix"]["workflows"]["pipelines"][0]["phase"].Scalar(), "Succeeded");
  EXPECT_EQ(status["kratix"]["workflows"]["pipelines"][0]["lastTransitionTime"].Scalar(),
            "2024-05-01T12:01:00Z");
  EXPECT_EQ(status["workflowsSucceeded"].as<int>(), 1);
  set_condition(status, "ConfigureWorkflowCompleted", "True", "PipelinesExecutedSuccessfully",
                "Pipelines completed", kLater);
  mark_pipeline_succeeded(status, 1, true, kLater + std::chrono::seconds(5));
  EXPECT_EQ(status["workflowsSucceeded"].as<int>(), 2);
  EXPECT_EQ(status["workflowsFailed"].as<int>(), 0);
  // The time of the ConfigureWorkflowCompleted condition, not the pipeline's own.
  EXPECT_EQ(status["lastSuccessfulConfigureWorkflowTime"].Scalar(), "2024-05-01T12:01:00Z");
  EXPECT_EQ(status["kratix"]["workflows"]["lastSuccessfulConfigureWorkflowTime"].Scalar(),
            "2024-05-01T12:01:00Z");
}

TEST(KratixStatus, AFailedPipelineSetsKratixsFailureAndKeepsTheRest) {
  YAML::Node status = started("{connection: {host: h}, observedGeneration: 3, message: Resource requested}");
  mark_pipeline_running(status, 0, kStart);
  mark_pipeline_succeeded(status, 0, false, kStart);
  mark_pipeline_running(status, 1, kStart);
  mark_pipeline_failed(status, 1, kLater);
  EXPECT_EQ(status["message"].Scalar(), "Pending");
  EXPECT_EQ(status["workflowsSucceeded"].as<int>(), 1);
  EXPECT_EQ(status["workflowsFailed"].as<int>(), 1);
  EXPECT_EQ(status["observedGeneration"].as<int>(), 3);
  EXPECT_EQ(status["connection"]["host"].Scalar(), "h");
  EXPECT_EQ(status["kratix"]["workflows"]["pipelines"][1]["phase"].Scalar(), "Failed");
  EXPECT_EQ(to_yaml_text(status["conditions"]),
            "- type: ConfigureWorkflowCompleted\n  status: \"False\"\n  lastTransitionTime: "
            "\"2024-05-01T12:01:00Z\"\n"
            "  reason: ConfigureWorkflowFailed\n  message: \"A Configure Pipeline has failed: notify\"\n"
            "- type: Reconciled\n  status: \"False\"\n  lastTransitionTime: \"2024-05-01T12:01:00Z\"\n"
            "  reason: ConfigureWorkflowFailed\n  message: Failing\n");
}

TEST(KratixStatus, PipelineWrittenStatusLeavesOutWhatTheControllerOwns) {
  YAML::Node status = started("{stage: two, conditions: [{type: Ready, status: 'True'}]}");
  mark_pipeline_running(status, 0, kStart);
  status["ferry"]["placements"] = YAML::Node(YAML::NodeType::Sequence);
  status["message"] = "Pending";
  EXPECT_EQ(to_yaml_text(pipeline_written_status(status)),
            "stage: two\nconditions:\n  - type: Ready\n    status: \"True\"\nmessage: Pending\n");
}

}  // namespace
}  // namespace ferry::pipeline
