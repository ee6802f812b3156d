#include "pipeline/workflow_control.h"

#include "core/yaml_document.h"
#include "pipeline/duration_field.h"

namespace ferry::pipeline {
namespace {

Status check_keys(const YAML::Node& map, const std::string& file) {
  for (const auto& entry : map) {
    const std::string key = entry.first.Scalar();
    if (key == "suspend" || key == "retryAfter" || key == "message") continue;
    return make_error(
        location_of(entry.first, file),
        "unknown field \"" + key +
            "\" in workflow control: the fields are \"suspend\", \"retryAfter\" and \"message\"");
  }
  return ok();
}

// retryAfter, rounded up to whole seconds: a retry never happens before the time asked for. Absent,
// null or "" means no retry (Kratix tests RetryAfter != "").
Result<std::optional<std::chrono::seconds>> read_retry_after(const YAML::Node& map, const std::string& file) {
  const YAML::Node value = child(map, "retryAfter");
  if (!value || value.IsNull() || (value.IsScalar() && value.Scalar().empty())) {
    return std::optional<std::chrono::seconds>{};
  }
  auto duration = parse_go_duration(value, "retryAfter", file);
  if (!duration) return duration.error();
  return std::optional{std::chrono::ceil<std::chrono::seconds>(*duration)};
}

// parent[key] as a map, replacing whatever else was there.
YAML::Node map_at(YAML::Node parent, const char* key) {
  if (!parent[key].IsMap()) parent[key] = YAML::Node(YAML::NodeType::Map);
  return parent[key];
}

// The entry of status.kratix.workflows.pipelines named `name`; created (appended) when `create` is set,
// an undefined node otherwise.
YAML::Node pipeline_entry(YAML::Node& status, const std::string& name, bool create) {
  if (!create && !child(child(child(status, "kratix"), "workflows"), "pipelines").IsSequence()) {
    return YAML::Node(YAML::NodeType::Undefined);
  }
  if (!status.IsMap()) status = YAML::Node(YAML::NodeType::Map);
  YAML::Node workflows = map_at(map_at(status, "kratix"), "workflows");
  if (!workflows["pipelines"].IsSequence()) workflows["pipelines"] = YAML::Node(YAML::NodeType::Sequence);
  YAML::Node list = workflows["pipelines"];
  for (std::size_t i = 0; i < list.size(); ++i) {
    const YAML::Node entry_name = child(list[i], "name");
    if (entry_name.IsScalar() && entry_name.Scalar() == name) return list[i];
  }
  if (!create) return YAML::Node(YAML::NodeType::Undefined);
  YAML::Node entry(YAML::NodeType::Map);
  entry["name"] = string_node(name);
  list.push_back(entry);
  return list[list.size() - 1];
}

}  // namespace

Result<WorkflowControl> parse_workflow_control(const std::string& text, const std::string& file) {
  auto documents = parse_yaml_stream(text, file);
  if (!documents) return documents.error();
  WorkflowControl control;
  if (documents->empty()) return control;
  if (documents->size() > 1) {
    return make_error(location_of((*documents)[1].node, file), "workflow control must be a single document");
  }
  const YAML::Node map = (*documents)[0].node;
  if (!map.IsMap()) {
    return make_error(
        location_of(map, file),
        "workflow control must be a map with \"suspend\", \"retryAfter\" or \"message\", found " +
            describe_node_type(map));
  }
  if (Status keys = check_keys(map, file); !keys) return keys.error();
  auto suspend = optional_bool(map, "suspend", false, "suspend", file);
  if (!suspend) return suspend.error();
  auto retry_after = read_retry_after(map, file);
  if (!retry_after) return retry_after.error();
  auto message = optional_string(map, "message", "message", file);
  if (!message) return message.error();
  control.suspend = *suspend;
  control.retry_after = *retry_after;
  control.message = message->value_or("");
  return control;
}

Suspension apply_suspension(YAML::Node& status, const WorkflowControl& control,
                            const std::string& pipeline_name, std::chrono::system_clock::time_point now,
                            int attempts) {
  Suspension suspension{pipeline_name, control.message, std::nullopt, 0};
  YAML::Node entry = pipeline_entry(status, pipeline_name, true);
  entry["phase"] = string_node("Suspended");
  if (control.message.empty()) {
    entry.remove("message");
  } else {
    entry["message"] = string_node(control.message);
  }
  if (control.retry_after) {
    suspension.next_retry_at = now + *control.retry_after;
    suspension.attempts = attempts + 1;
    entry["nextRetryAt"] = string_node(format_rfc3339_utc(*suspension.next_retry_at));
    entry["attempts"] = suspension.attempts;
  } else {
    entry.remove("nextRetryAt");
    entry.remove("attempts");
  }
  return suspension;
}

void clear_suspension(YAML::Node& status, const std::string& pipeline_name) {
  YAML::Node entry = pipeline_entry(status, pipeline_name, false);
  if (!entry.IsMap()) return;
  entry["phase"] = string_node("Running");
  for (const char* key : {"message", "attempts", "nextRetryAt"}) entry.remove(key);
}

}  // namespace ferry::pipeline
