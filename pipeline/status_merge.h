// Merging a pipeline's /kratix/metadata/status.yaml into the object's status (reference §2.7), and putting
// the merged status back into the object for the next pipeline's /kratix/input/object.yaml (§2.2, §2.5).
//
// Where ferry differs from Kratix on purpose (reference §6.6, §6.7):
// - Nested maps merge recursively (MergeMode::recursive, the default): status.yaml {db: {port: 5432}} over
//   {db: {host: x}} gives {db: {host: x, port: 5432}}, where Kratix replaces `db` wholesale
//   (MergeMode::kratix_shallow keeps Kratix's behaviour). In recursive mode a null value removes the key,
//   as in a JSON merge patch (RFC 7386); lists other than `conditions` are replaced.
// - `conditions` are merged by `type` (an incoming condition replaces the one of the same type) in a
//   stable order: existing conditions keep their place, new ones are appended in the order written.
//   Kratix's order is random.
// - `message`: the last non-empty one wins, so a message written by an earlier pipeline survives later
//   pipelines that write none (Kratix resets it to "Pending" before each pipeline). An empty message in
//   status.yaml does not erase the current one.
#pragma once

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <string>

#include "core/error.h"

namespace ferry::pipeline {

enum class MergeMode { kratix_shallow, recursive };

struct MergeContext {
  std::string workflow_type;  // "resource" | "promise": picks the completed message
  bool is_last_pipeline = false;
  bool workflow_control_requested = false;    // the pipeline asked to suspend or retry (WorkflowControl)
  bool dry_run = false;                       // message becomes "Dry run executed" (Kratix §2.7 step 6)
  std::chrono::system_clock::time_point now;  // lastTransitionTime of the completed condition
  MergeMode mode = MergeMode::recursive;
};

// Merges status.yaml's text (`file_label` names it in errors, e.g. "/kratix/metadata/status.yaml") into a
// copy of `current_status` (undefined, null or not a map counts as empty; it is never modified). Empty
// text or an empty document changes nothing. When ctx.is_last_pipeline and not
// ctx.workflow_control_requested: a message that is absent, empty or "Pending" becomes "Resource
// requested" (resource) or "Promise configured" (promise); kratix.workflows.suspendedGeneration is
// dropped; condition ConfigureWorkflowCompleted is upserted as
//   {type: ConfigureWorkflowCompleted, status: "True", reason: PipelinesExecutedSuccessfully,
//    message: Pipelines completed, lastTransitionTime: <ctx.now, RFC 3339 UTC>}.
// Errors (file:line:column): invalid YAML, more than one document, a document that is not a map, a
// top-level `kratix` key (Kratix's own field), `conditions` that is not a list of maps each with a string
// `type`, a `message` that is not a string.
Result<YAML::Node> merge_status(const YAML::Node& current_status, const std::string& status_yaml_text,
                                const std::string& file_label, const MergeContext& ctx);

// `object_yaml` (one YAML map, as the loader produced it) with its `status` replaced by `status`, as
// to_yaml_text (core/yaml_document.h). The `status` key keeps its place, or is appended; an empty or null status
// removes it, so an object that never had a status reads as written. Text that is not a single map is
// returned unchanged.
std::string object_with_status(const std::string& object_yaml, const YAML::Node& status);

}  // namespace ferry::pipeline
