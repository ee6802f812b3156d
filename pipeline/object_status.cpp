#include "pipeline/object_status.h"

#include "core/yaml_document.h"
#include "pipeline/kratix_status.h"
#include "pipeline/status_merge.h"

namespace ferry::pipeline {
namespace {

// The status of `text`; an empty map when it is empty or not one YAML map.
YAML::Node parsed_status(const std::string& text) {
  if (text.empty()) return YAML::Node(YAML::NodeType::Map);
  auto documents = parse_yaml_stream(text, "recorded status");
  if (!documents || documents->size() != 1 || !documents->front().node.IsMap())
    return YAML::Node(YAML::NodeType::Map);
  return documents->front().node;
}

std::string condition_reason(const YAML::Node& status, const std::string& type) {
  for (const YAML::Node& condition : child(status, "conditions")) {
    const YAML::Node found = child(condition, "type");
    const YAML::Node reason = child(condition, "reason");
    if (found.IsScalar() && found.Scalar() == type && reason.IsScalar()) return reason.Scalar();
  }
  return "";
}

YAML::Node placements_node(const WorksOutcome& outcome) {
  YAML::Node list(YAML::NodeType::Sequence);
  for (const StatusPlacement& p : outcome.placements) {
    YAML::Node entry(YAML::NodeType::Map);
    entry["pipeline"] = string_node(p.pipeline);
    entry["group"] = string_node(p.group);
    entry["destination"] = string_node(p.destination);
    entry["path"] = string_node(p.path);
    list.push_back(entry);
  }
  return list;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ",") + name;
  return out;
}

// WorksSucceeded and Reconciled after the workflow succeeded (DRR updateWorksSucceededCondition),
// failing > pending > misplaced > ready; true when the works are ready.
bool set_works_conditions(YAML::Node& status, const WorksOutcome& outcome,
                          std::chrono::system_clock::time_point now) {
  const std::string what = outcome.is_promise ? "promise" : "resource";
  const std::string works = "Some works associated with this " + what;
  if (outcome.works == WorksState::failing) {
    set_condition(status, "WorksSucceeded", "False", "WorksFailing",
                  works + " failed: [" + outcome.identity + "]", now);
  } else if (outcome.works == WorksState::pending) {
    set_condition(status, "WorksSucceeded", "Unknown", "WorksPending",
                  works + " are not ready: [" + outcome.identity + "]", now);
    set_condition(status, "Reconciled", "Unknown", "WorksPending", "Pending", now);
    return false;
  } else if (!outcome.misplaced.empty()) {
    set_condition(status, "WorksSucceeded", "False", "WorksMisplaced",
                  works + " are misplaced: [" + joined(outcome.misplaced) + "]", now);
  } else {
    set_condition(status, "WorksSucceeded", "True", "WorksSucceeded",
                  "All works associated with this " + what + " are ready", now);
    set_condition(status, "Reconciled", "True", "Reconciled", "Reconciled", now);
    return true;
  }
  set_condition(status, "Reconciled", "False", "WorksFailing", "Failing", now);
  return false;
}

void set_availability(YAML::Node& status, const WorksOutcome& outcome, bool available,
                      std::chrono::system_clock::time_point now) {
  if (!outcome.is_promise) {
    set_condition(status, "PromiseAvailable", "True", "PromiseAvailable", "Promise Requirements are met",
                  now);
    return;
  }
  status["status"] = string_node(available ? "Available" : "Unavailable");
  if (available) {
    set_condition(status, "Available", "True", "PromiseAvailable", "Ready to fulfil resource requests", now);
  } else {
    set_condition(status, "Available", "False", "PromiseUnavailable", "Cannot fulfil resource requests", now);
  }
}

}  // namespace

std::string settled_status(const std::string& workflow_status, const std::string& previous,
                           const WorksOutcome& outcome, std::chrono::system_clock::time_point now) {
  YAML::Node status = parsed_status(workflow_status.empty() ? previous : workflow_status);
  if (workflow_status.empty()) {  // no configure pipeline ran: Kratix goes straight to the works
    status = workflow_starting_status(status, {}, now);
    status["message"] = string_node(outcome.is_promise ? "Promise configured" : "Resource requested");
  }
  const bool workflow_failed =
      condition_reason(status, "ConfigureWorkflowCompleted") == "ConfigureWorkflowFailed";
  // `ferry` is ferry's own, as `kratix` is Kratix's: what a pipeline wrote there is replaced.
  if (!child(status, "ferry").IsMap()) status["ferry"] = YAML::Node(YAML::NodeType::Map);
  YAML::Node ferry = status["ferry"];
  bool available = false;
  if (!workflow_failed && !outcome.suspended) {
    available = set_works_conditions(status, outcome, now);
    if (outcome.works != WorksState::failing)
      ferry["observedInputDigest"] = string_node(outcome.input_digest);
  }
  set_availability(status, outcome, available, now);
  ferry["placements"] = placements_node(outcome);
  return to_yaml_text(status);
}

std::string status_while_promise_unavailable(const std::string& previous,
                                             std::chrono::system_clock::time_point now) {
  YAML::Node status = parsed_status(previous);
  status["message"] = string_node("Pending");
  set_condition(status, "PromiseAvailable", "False", "PromiseRequirementsNotInstalled",
                "Promise Requirements are not installed", now);
  return to_yaml_text(status);
}

std::string object_with_status_text(const std::string& object_yaml, const std::string& status_yaml) {
  const YAML::Node status = parsed_status(status_yaml);
  if (status.size() == 0) return "";
  return object_with_status(object_yaml, status);
}

std::string status_of_object_text(const std::string& object_with_status_yaml) {
  if (object_with_status_yaml.empty()) return "";
  auto documents = parse_yaml_stream(object_with_status_yaml, "published status");
  if (!documents || documents->size() != 1 || !documents->front().node.IsMap()) return "";
  const YAML::Node status = child(documents->front().node, "status");
  if (!status.IsMap() || status.size() == 0) return "";
  return to_yaml_text(status);
}

}  // namespace ferry::pipeline
