#include "pipeline/status_merge.h"

#include <set>
#include <vector>

#include "core/yaml_document.h"
#include "pipeline/duration.h"

namespace ferry::pipeline {
namespace {

bool has_type(const YAML::Node& condition, const std::string& type) {
  const YAML::Node value = child(condition, "type");
  return value.IsScalar() && value.Scalar() == type;
}

// `existing` (any node; only a list counts) with `incoming` merged by type: a condition of a known type
// replaces it in place, a new type is appended. Both are left untouched.
YAML::Node merge_conditions(const YAML::Node& existing, const YAML::Node& incoming) {
  std::vector<YAML::Node> merged;
  if (existing.IsSequence()) {
    for (const YAML::Node& condition : existing) merged.push_back(YAML::Clone(condition));
  }
  for (const YAML::Node& condition : incoming) {
    const std::string type = child(condition, "type").Scalar();
    bool replaced = false;
    for (YAML::Node& slot : merged) {
      if (!replaced && has_type(slot, type)) {
        slot.reset(YAML::Clone(condition));  // rebinds; operator= would write through to the old node
        replaced = true;
      }
    }
    if (!replaced) merged.push_back(YAML::Clone(condition));
  }
  YAML::Node list(YAML::NodeType::Sequence);
  for (const YAML::Node& condition : merged) list.push_back(condition);
  return list;
}

Status check_conditions(const YAML::Node& conditions, const std::string& file) {
  if (!conditions.IsDefined() || conditions.IsNull()) return ok();
  if (!conditions.IsSequence()) {
    return make_error(location_of(conditions, file),
                      "\"conditions\" must be a list of maps like \"- type: Ready\", found " +
                          describe_node_type(conditions));
  }
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    const std::string path = "conditions[" + std::to_string(i) + "]";
    if (!conditions[i].IsMap()) {
      return make_error(location_of(conditions[i], file),
                        "\"" + path + "\" must be a map, found " + describe_node_type(conditions[i]));
    }
    auto type = required_string(conditions[i], "type", path + ".type", file);
    if (!type) return type.error();
  }
  return ok();
}

Status check_incoming(const YAML::Node& incoming, const std::string& file) {
  if (!incoming.IsMap()) {
    return make_error(location_of(incoming, file),
                      "status must be a map of fields, found " + describe_node_type(incoming));
  }
  for (const auto& entry : incoming) {
    if (entry.first.Scalar() == "kratix") {
      return make_error(location_of(entry.first, file),
                        "\"kratix\" is a status field managed by Kratix (and ferry) that a pipeline cannot "
                        "write: remove \"kratix\" from status.yaml");
    }
  }
  if (Status conditions = check_conditions(child(incoming, "conditions"), file); !conditions)
    return conditions;
  auto message = optional_string(incoming, "message", "message", file);
  if (!message) return message.error();
  return ok();
}

// Merges `incoming` into `target` (a map we own). `top` marks the status itself, where `conditions` and
// `message` have their own rules. Recursive mode descends into maps present on both sides and lets null
// remove a key; kratix_shallow mode overwrites every top-level key wholesale, as Kratix's mergeRecursive.
void merge_into(YAML::Node target, const YAML::Node& incoming, MergeMode mode, bool top) {
  for (const auto& entry : incoming) {
    const std::string key = entry.first.Scalar();
    const YAML::Node& value = entry.second;
    if (top && key == "message") {
      if (value.IsScalar() && !value.Scalar().empty()) target["message"] = YAML::Clone(value);
      continue;
    }
    if (top && key == "conditions" && value.IsSequence()) {
      target["conditions"] = merge_conditions(child(target, "conditions"), value);
      continue;
    }
    if (mode == MergeMode::recursive) {
      if (value.IsNull()) {
        target.remove(key);
        continue;
      }
      if (child(target, key.c_str()).IsMap() && value.IsMap()) {
        merge_into(target[key], value, mode, false);
        continue;
      }
    }
    target[key] = YAML::Clone(value);
  }
}

// Kratix's MarkAsCompleted, with ctx.now as the transition time (fields in metav1.Condition order).
void mark_completed(YAML::Node& status, const MergeContext& ctx) {
  const YAML::Node message = child(status, "message");
  if (!message.IsScalar() || message.Scalar().empty() || message.Scalar() == "Pending") {
    status["message"] = string_node(ctx.workflow_type == "promise" ? "Promise configured" : "Resource requested");
  }
  YAML::Node workflows = child(child(status, "kratix"), "workflows");
  if (workflows.IsMap()) workflows.remove("suspendedGeneration");
  YAML::Node completed(YAML::NodeType::Map);
  completed["type"] = string_node("ConfigureWorkflowCompleted");
  completed["status"] = string_node("True");
  completed["lastTransitionTime"] = string_node(format_rfc3339_utc(ctx.now));
  completed["reason"] = string_node("PipelinesExecutedSuccessfully");
  completed["message"] = string_node("Pipelines completed");
  YAML::Node upsert(YAML::NodeType::Sequence);
  upsert.push_back(completed);
  status["conditions"] = merge_conditions(child(status, "conditions"), upsert);
}

bool is_empty_status(const YAML::Node& status) {
  return !status.IsDefined() || status.IsNull() || (status.IsMap() && status.size() == 0);
}

}  // namespace

Result<YAML::Node> merge_status(const YAML::Node& current_status, const std::string& status_yaml_text,
                                const std::string& file_label, const MergeContext& ctx) {
  auto documents = parse_yaml_stream(status_yaml_text, file_label);
  if (!documents) return documents.error();
  if (documents->size() > 1) {
    return make_error(location_of((*documents)[1].node, file_label),
                      "status.yaml must be a single document: merge the fields into one map");
  }
  YAML::Node merged = current_status.IsMap() ? YAML::Clone(current_status) : YAML::Node(YAML::NodeType::Map);
  if (!documents->empty()) {
    const YAML::Node& incoming = documents->front().node;
    if (Status valid = check_incoming(incoming, file_label); !valid) return valid.error();
    merge_into(merged, incoming, ctx.mode, true);
  }
  if (ctx.is_last_pipeline && !ctx.workflow_control_requested) mark_completed(merged, ctx);
  if (ctx.dry_run) merged["message"] = string_node("Dry run executed");
  return merged;
}

std::string object_with_status(const std::string& object_yaml, const YAML::Node& status) {
  auto documents = parse_yaml_stream(object_yaml, "object.yaml");
  if (!documents || documents->size() != 1 || !documents->front().node.IsMap()) return object_yaml;
  YAML::Node object = documents->front().node;
  if (is_empty_status(status)) {
    object.remove("status");
  } else {
    object["status"] = YAML::Clone(status);
  }
  return to_yaml_text(object);
}

}  // namespace ferry::pipeline
