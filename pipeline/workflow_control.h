// /kratix/metadata/workflow-control.yaml (reference §2.8): a pipeline asks to suspend the workflow, or to
// be re-run after a while, instead of completing.
//
//   suspend: true            # wait for a human (ferry: until the suspension is cleared)
//   retryAfter: 10m          # re-run this pipeline once now + 10m has passed (a Go duration)
//   message: waiting for approval
//
// Either field means: no output groups from this pipeline, later pipelines do not run, and the merged
// status is not marked completed (MergeContext::workflow_control_requested). Pure: time is passed in.
#pragma once

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <optional>
#include <string>

#include "core/error.h"
#include "pipeline/suspension.h"

namespace ferry::pipeline {

struct WorkflowControl {
  bool suspend = false;
  std::optional<std::chrono::seconds> retry_after;  // rounded up to whole seconds
  std::string message;                              // "" when not written

  // True when the pipeline asked to stop here (Kratix's IfSuspendOrRetry).
  bool requested() const { return suspend || retry_after.has_value(); }
};

// Parses the file's text; empty text (or an empty document) requests nothing. `file` names it in errors.
// Refused with file:line:column: a document that is not a map, "suspend" that is not true/false, an
// invalid or negative "retryAfter", a "message" that is not a string, and any other key (Kratix ignores
// unknown keys; ferry refuses them so that a misspelt "retryafter" does not silently complete).
Result<WorkflowControl> parse_workflow_control(const std::string& text, const std::string& file);

// Records `control` (which must be requested()) for `pipeline_name` at `now`. `attempts` is the count the
// previous Suspension of this pipeline recorded (0 when none). Writes the entry into `status` as Kratix
// does, upserting by name into status.kratix.workflows.pipelines (other entries keep their order):
//   {name, phase: Suspended, message (omitted when empty), nextRetryAt (RFC 3339 UTC), attempts}
// and returns the same values. A plain suspend drops nextRetryAt and attempts.
Suspension apply_suspension(YAML::Node& status, const WorkflowControl& control,
                            const std::string& pipeline_name, std::chrono::system_clock::time_point now,
                            int attempts);

// After a pipeline completes without a control request (Kratix's ClearPipelineSuspension): its entry in
// status.kratix.workflows.pipelines, if any, gets phase Running and loses message, attempts, nextRetryAt.
void clear_suspension(YAML::Node& status, const std::string& pipeline_name);

}  // namespace ferry::pipeline
