// One object of a reconcile run (reconcile.h): a Promise or a request run whole (workflow, plan, commit,
// record), or a request in three stages for the requests whose placements depend on one another
// (placement/same_run_neighbours.h): its workflow, run in parallel with the others'; its placement decision,
// made in decision order and seeing the placements decided before it; its commit, in parallel again. Also
// the parts a single object's plan is made of, which `ferry explain` runs (no writing).
#pragma once

#include <optional>
#include <vector>

#include "pipeline/workflow.h"
#include "placement/lazy_run_scheduling.h"
#include "placement/placement_index.h"
#include "placement/same_run_neighbours.h"
#include "platform/platform.h"
#include "run/incremental.h"
#include "run/journal.h"
#include "run/multi_store_commit.h"
#include "run/reconcile_options.h"
#include "run/request_plan.h"
#include "run/run_report.h"
#include "run/upgrades.h"
#include "run/work_selection.h"
#include "run/workflow_runs.h"
#include "runtime/runtime.h"

namespace ferry::runner {

// Runs one request's resource.configure workflow and plans its placements and writes (no writing):
// run_resource_workflow() then plan_placements().
Result<RequestPlan> run_and_plan(const Platform& platform, const pipeline::Request& request,
                                 runtime::ContainerRuntime& runtime, const PlacementIndex& index,
                                 const ReconcileOptions& options,
                                 const SameRunPlacements* neighbours = nullptr, StatusFeed* feed = nullptr,
                                 const std::vector<PlacementReport>& recorded = {});

// Runs one request's resource.configure workflow (its results; nothing planned or written), feeding it
// the request's status when `feed` is given (workflow_runs.h).
Result<std::vector<pipeline::PipelineResult>> run_resource_workflow(const Platform& platform,
                                                                    const pipeline::Request& request,
                                                                    runtime::ContainerRuntime& runtime,
                                                                    const ReconcileOptions& options,
                                                                    StatusFeed* feed = nullptr);

// Plans one request's placements and writes from its workflow's results, with options.scheduling (or, when
// its Promise has a PlacementPolicy and there is none, a RunScheduling read from `index`) and the placements
// decided earlier in this run (`neighbours`, placement/same_run_neighbours.h; null: none); `recorded`: the
// previous run's placements of the request (plan_request).
RequestPlan plan_placements(const Platform& platform, const pipeline::Request& request,
                            const std::vector<pipeline::PipelineResult>& results, const PlacementIndex& index,
                            const ReconcileOptions& options, const SameRunPlacements* neighbours = nullptr,
                            const std::vector<PlacementReport>& recorded = {});

// Runs a Promise's promise.configure workflow and plans its dependencies' writes (no writing).
Result<RequestPlan> run_and_plan_promise(const Platform& platform, const pipeline::Promise& promise,
                                         runtime::ContainerRuntime& runtime, const ReconcileOptions& options,
                                         StatusFeed* feed = nullptr);

// What every object of the run shares; each member outlives the run.
struct RunParts {
  const Platform& platform;
  runtime::ContainerRuntime& runtime;
  OpenStores& stores;
  Journal& journal;
  LazyRunScheduling& scheduling;
  IncrementalRun& incremental;
  const InputDigests& digests;
  const ReconcileOptions& options;
  // The versions requests run with and the upgrades --max-upgrades defers (run/upgrades.h); null: none
  // (no revision or upgrade is recorded).
  const UpgradePlan* upgrades = nullptr;
};

// A Promise whole: skipped when unchanged, else its workflow, its plan, one transaction, its record.
RequestReport run_promise(const RunParts& parts, const pipeline::Promise& promise);

// A request part-way through its stages.
struct StagedRequest {
  RequestReport report;
  ObjectInputs inputs;
  StatusFeed feed = {};  // the status its last run left, and its workflow's (workflow_runs.h)
  std::vector<PlacementReport> recorded = {};  // its placements as the previous run recorded them
  bool done = false;  // the report is final and not recorded (skipped, or not run after an interrupt)
  std::optional<Result<std::vector<pipeline::PipelineResult>>> results = {};  // its workflow ran
  std::optional<Result<RequestPlan>> plan = {};                               // its placements are decided
};

// A request runs only once its Promise's own workflow and dependencies are in place (reference §5.2):
// otherwise it is pending without a workflow. Thread-safe.
StagedRequest run_request_workflow(const RunParts& parts, const pipeline::Request& request,
                                   const RequestReport& promise);
// Decides the request's placements and plans its writes, seeing `neighbours` (null: only the placements
// the stores hold), and records the placements there. Not thread-safe with one `neighbours`.
void decide_request(const RunParts& parts, const pipeline::Request& request, StagedRequest& staged,
                    SameRunPlacements* neighbours);
// Commits the plan as one transaction and records the request (not when `done`). Thread-safe.
RequestReport commit_request(const RunParts& parts, StagedRequest& staged);

// The three stages at once, without same-run neighbours.
RequestReport run_request(const RunParts& parts, const pipeline::Request& request,
                          const RequestReport& promise);

}  // namespace ferry::runner
