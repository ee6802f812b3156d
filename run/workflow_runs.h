// Running a Promise's workflows for the reconciler: the /kratix/input object and KRATIX_* identity of a
// Promise or request, and the run itself when the Promise declares the workflow.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "pipeline/model.h"
#include "pipeline/workflow.h"
#include "run/reconcile_options.h"
#include "runtime/runtime.h"

namespace ferry::runner {

// `action` is "configure" or "delete"; `object_yaml` the object as the pipeline sees it.
pipeline::WorkflowObject request_workflow_object(const pipeline::Request& request,
                                                 const pipeline::Promise& promise, const std::string& action);
pipeline::WorkflowObject promise_workflow_object(const pipeline::Promise& promise, const std::string& action);

// An object's status across its workflow (kratix-newer.md §1.4): `previous`, its recorded status (YAML
// text), is fed to the pipelines with the object; `after` receives the status the workflow left, also when
// a pipeline failed (empty when no pipeline ran).
struct StatusFeed {
  std::string previous;
  std::string after;
  // The platform API requests of each pipeline that ran with one, a failed one included: what the report
  // of a failed workflow counts.
  std::map<std::string, std::uint64_t> api_requests = {};
};

// Runs `workflow` ("resource.configure", "promise.delete", ...) when the Promise declares it; no pipelines
// means no outputs. With `feed`, the pipelines see its previous status and it receives what they left. Delete
// workflows run their first pipeline only, as Kratix does (reference §5.3); the others are named in a
// warning.
Result<std::vector<pipeline::PipelineResult>> run_workflow_if_any(
    const pipeline::Promise& promise, const std::string& workflow, const pipeline::WorkflowObject& object,
    runtime::ContainerRuntime& runtime, const ReconcileOptions& options, StatusFeed* feed = nullptr);

}  // namespace ferry::runner
