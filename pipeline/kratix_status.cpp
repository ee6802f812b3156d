#include "pipeline/kratix_status.h"

#include <set>

#include "core/yaml_document.h"
#include "pipeline/duration.h"

namespace ferry::pipeline {
namespace {

std::string scalar_at(const YAML::Node& map, const char* key) {
  const YAML::Node value = child(map, key);
  return value.IsScalar() ? value.Scalar() : "";
}

// status.kratix.workflows, made a map (with the maps above it) if it is not one.
YAML::Node workflows_map(YAML::Node& status) {
  if (!child(status, "kratix").IsMap()) status["kratix"] = YAML::Node(YAML::NodeType::Map);
  YAML::Node kratix = status["kratix"];
  if (!child(kratix, "workflows").IsMap()) kratix["workflows"] = YAML::Node(YAML::NodeType::Map);
  return kratix["workflows"];
}

YAML::Node pipeline_entries(YAML::Node& status) {
  YAML::Node workflows = workflows_map(status);
  if (!child(workflows, "pipelines").IsSequence())
    workflows["pipelines"] = YAML::Node(YAML::NodeType::Sequence);
  return workflows["pipelines"];
}

// Kratix's MarkCurrentPipelineAs: the time changes only with the phase; leaving Suspended drops message.
void set_phase(YAML::Node entry, const std::string& phase, TimePoint now) {
  if (scalar_at(entry, "phase") == phase) return;
  if (scalar_at(entry, "phase") == "Suspended") entry.remove("message");
  entry["phase"] = string_node(phase);
  entry["lastTransitionTime"] = string_node(format_rfc3339_utc(now));
}

void set_phase_at(YAML::Node& status, std::size_t index, const std::string& phase, TimePoint now) {
  YAML::Node entries = pipeline_entries(status);
  if (index < entries.size()) set_phase(entries[index], phase, now);
}

}  // namespace

void set_condition(YAML::Node& status, const std::string& type, const std::string& value,
                   const std::string& reason, const std::string& message, TimePoint now) {
  if (!child(status, "conditions").IsSequence()) status["conditions"] = YAML::Node(YAML::NodeType::Sequence);
  YAML::Node conditions = status["conditions"];
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    YAML::Node condition = conditions[i];
    if (scalar_at(condition, "type") != type) continue;
    const bool same = scalar_at(condition, "status") == value && scalar_at(condition, "reason") == reason &&
                      scalar_at(condition, "message") == message;
    if (same && !scalar_at(condition, "lastTransitionTime").empty()) return;
    condition["status"] = string_node(value);
    condition["lastTransitionTime"] = string_node(format_rfc3339_utc(now));
    condition["reason"] = string_node(reason);
    condition["message"] = string_node(message);
    return;
  }
  YAML::Node condition(YAML::NodeType::Map);
  condition["type"] = string_node(type);
  condition["status"] = string_node(value);
  condition["lastTransitionTime"] = string_node(format_rfc3339_utc(now));
  condition["reason"] = string_node(reason);
  condition["message"] = string_node(message);
  conditions.push_back(condition);
}

YAML::Node workflow_starting_status(const YAML::Node& previous, const std::vector<std::string>& pipelines,
                                    TimePoint now) {
  YAML::Node status = previous.IsMap() ? YAML::Clone(previous) : YAML::Node(YAML::NodeType::Map);
  const YAML::Node old_entries = child(child(child(status, "kratix"), "workflows"), "pipelines");
  YAML::Node entries(YAML::NodeType::Sequence);
  for (std::size_t i = 0; i < pipelines.size(); ++i) {
    YAML::Node entry(YAML::NodeType::Map);
    entry["name"] = string_node(pipelines[i]);
    entry["phase"] = string_node("Pending");
    entry["lastTransitionTime"] = string_node(format_rfc3339_utc(now));
    const bool same = old_entries.IsSequence() && i < old_entries.size() &&
                      scalar_at(old_entries[i], "name") == pipelines[i] &&
                      scalar_at(old_entries[i], "phase") == "Pending" &&
                      !scalar_at(old_entries[i], "lastTransitionTime").empty();
    if (same) entry["lastTransitionTime"] = string_node(scalar_at(old_entries[i], "lastTransitionTime"));
    entries.push_back(entry);
  }
  workflows_map(status)["pipelines"] = entries;
  status["workflows"] = pipelines.size();
  status["workflowsSucceeded"] = 0;
  status["workflowsFailed"] = 0;
  return status;
}

void mark_pipeline_running(YAML::Node& status, std::size_t index, TimePoint now) {
  set_phase_at(status, index, "Running", now);
  set_condition(status, "ConfigureWorkflowCompleted", "False", "PipelinesInProgress",
                "Pipelines are still in progress", now);
  set_condition(status, "Reconciled", "Unknown", "WorkflowPending", "Pending", now);
}

void mark_pipeline_succeeded(YAML::Node& status, std::size_t index, bool is_last, TimePoint now) {
  set_phase_at(status, index, "Succeeded", now);
  status["workflowsSucceeded"] = index + 1;
  if (!is_last) return;
  std::string completed_at = format_rfc3339_utc(now);
  for (const YAML::Node& condition : child(status, "conditions")) {
    if (scalar_at(condition, "type") == "ConfigureWorkflowCompleted")
      completed_at = scalar_at(condition, "lastTransitionTime");
  }
  status["lastSuccessfulConfigureWorkflowTime"] = string_node(completed_at);
  workflows_map(status)["lastSuccessfulConfigureWorkflowTime"] = string_node(completed_at);
}

void mark_pipeline_failed(YAML::Node& status, std::size_t index, TimePoint now) {
  YAML::Node entries = pipeline_entries(status);
  const std::string name = index < entries.size() ? scalar_at(entries[index], "name") : "";
  set_phase_at(status, index, "Failed", now);
  status["message"] =
      string_node("Pending");  // the failed pipeline's start reset it (§1.4); nothing completed it
  status["workflowsFailed"] = 1;
  set_condition(status, "ConfigureWorkflowCompleted", "False", "ConfigureWorkflowFailed",
                "A Configure Pipeline has failed: " + name, now);
  set_condition(status, "Reconciled", "False", "ConfigureWorkflowFailed", "Failing", now);
}

void mark_workflow_suspended(YAML::Node& status, TimePoint now) {
  set_condition(status, "Reconciled", "Unknown", "WorkflowSuspended", "Suspended", now);
}

YAML::Node pipeline_written_status(const YAML::Node& status) {
  static const std::set<std::string> owned_keys = {"kratix",
                                                   "ferry",
                                                   "workflows",
                                                   "workflowsSucceeded",
                                                   "workflowsFailed",
                                                   "observedGeneration",
                                                   "lastSuccessfulConfigureWorkflowTime",
                                                   "healthStatus"};
  static const std::set<std::string> owned_conditions = {
      "ConfigureWorkflowCompleted", "Reconciled", "WorksSucceeded",
      "PromiseAvailable",           "Available",  "RequirementsFulfilled",
      "DeleteWorkflowCompleted"};
  YAML::Node kept(YAML::NodeType::Map);
  if (!status.IsMap()) return kept;
  for (const auto& entry : status) {
    const std::string key = entry.first.Scalar();
    if (owned_keys.contains(key)) continue;
    if (key != "conditions" || !entry.second.IsSequence()) {
      kept[key] = YAML::Clone(entry.second);
      continue;
    }
    YAML::Node conditions(YAML::NodeType::Sequence);
    for (const YAML::Node& condition : entry.second) {
      if (!owned_conditions.contains(scalar_at(condition, "type")))
        conditions.push_back(YAML::Clone(condition));
    }
    if (conditions.size() > 0) kept["conditions"] = conditions;
  }
  return kept;
}

}  // namespace ferry::pipeline
