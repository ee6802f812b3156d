// The status fields Kratix's controllers own (reference kratix-newer.md §1.1-§1.5), set on a status map as
// a configure workflow goes: the counters workflows/workflowsSucceeded/workflowsFailed, the per-pipeline
// phases of status.kratix.workflows.pipelines with their lastTransitionTime, the conditions
// ConfigureWorkflowCompleted and Reconciled with Kratix's reasons and messages, and
// lastSuccessfulConfigureWorkflowTime. Pure: every time is passed in (tests pin it).
#pragma once

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace ferry::pipeline {

using TimePoint = std::chrono::system_clock::time_point;

// Kratix's condition upsert (cluster-api shape {type, status, lastTransitionTime, reason, message}): the
// condition of `type` is replaced in place or appended; its lastTransitionTime is kept while status,
// reason and message are unchanged, otherwise it becomes `now`.
void set_condition(YAML::Node& status, const std::string& type, const std::string& value,
                   const std::string& reason, const std::string& message, TimePoint now);

// The status a new run of the workflow starts from (`previous`: the last run's, any node; not modified):
// the counters for `pipelines`, every pipeline Pending (RU ResetPipelineStatusToPending; an entry whose
// phase is already Pending keeps its time), workflowsSucceeded and workflowsFailed 0.
YAML::Node workflow_starting_status(const YAML::Node& previous, const std::vector<std::string>& pipelines,
                                    TimePoint now);

// Pipeline `index` starts (WF setPipelineStartingStatus): its phase Running, ConfigureWorkflowCompleted
// False / PipelinesInProgress, Reconciled Unknown / WorkflowPending.
void mark_pipeline_running(YAML::Node& status, std::size_t index, TimePoint now);

// Pipeline `index` succeeded without a suspension: phase Succeeded, workflowsSucceeded index + 1. After
// the last one, lastSuccessfulConfigureWorkflowTime (top level and under kratix.workflows) is the
// ConfigureWorkflowCompleted condition's lastTransitionTime.
void mark_pipeline_succeeded(YAML::Node& status, std::size_t index, bool is_last, TimePoint now);

// Pipeline `index` failed (WF setFailedConditionAndEvents): phase Failed, workflowsFailed 1,
// ConfigureWorkflowCompleted False / ConfigureWorkflowFailed / "A Configure Pipeline has failed: <name>",
// Reconciled False / ConfigureWorkflowFailed / Failing. Everything else keeps its value.
void mark_pipeline_failed(YAML::Node& status, std::size_t index, TimePoint now);

// A pipeline suspended the workflow (its phase was set by apply_suspension): Reconciled Unknown /
// WorkflowSuspended / Suspended.
void mark_workflow_suspended(YAML::Node& status, TimePoint now);

// `status` (not modified) without what Kratix's controller and ferry own: kratix, ferry, the counters,
// lastSuccessfulConfigureWorkflowTime, observedGeneration, healthStatus (the HealthRecords' roll-up,
// pipeline/health_status.h), and the conditions of Kratix's types
// (ConfigureWorkflowCompleted, Reconciled, WorksSucceeded, PromiseAvailable, Available,
// RequirementsFulfilled, DeleteWorkflowCompleted). What is left is what pipelines wrote, and message.
YAML::Node pipeline_written_status(const YAML::Node& status);

}  // namespace ferry::pipeline
