// One reconcile run: for every request, run its resource.configure workflow, schedule each output group,
// and commit the request's bundles, one commit per state store (one transaction per request).
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pipeline/runtime.h"
#include "pipeline/workflow.h"
#include "runner/placement_index.h"
#include "runner/platform.h"
#include "runner/progress.h"
#include "runner/work_selection.h"
#include "runner/request_plan.h"
#include "runner/run_report.h"
#include "runner/run_scheduling.h"
#include "runner/shard.h"
#include "writer/state_store.h"
#include "writer/store_factory.h"

namespace ferry::runner {

struct ReconcileOptions {
  std::filesystem::path scratch_dir;  // pipeline directories live below it
  int jobs = 2;                       // requests processed at once
  std::chrono::seconds container_timeout{600};
  const pipeline::SecretSource* secrets = nullptr;  // for env valueFrom
  std::size_t max_output_files = pipeline::kDefaultMaxOutputFiles;  // per pipeline (--max-output-files)
  std::size_t max_output_bytes = pipeline::kDefaultMaxOutputBytes;  // per pipeline (--max-output-bytes)
  // Incremental runs (work_selection.h): with a state store, unchanged objects are skipped, vanished ones
  // deleted, and what the run did is recorded there at the end. Without one, everything runs and nothing
  // is recorded or deleted.
  writer::StateStore* state = nullptr;
  SelectionOptions selection;
  // PlacementPolicies (runner/run_scheduling.h): each metric query and each external scheduler run is
  // bounded by scheduling_timeout. reconcile() reads the metrics once and sets `scheduling` for the whole
  // run; run_and_plan() without one reads them itself (as `ferry explain` does, for one request).
  std::chrono::milliseconds scheduling_timeout{2000};
  const RunScheduling* scheduling = nullptr;
  // `ferry plan`: the stores are PlanningStores (nothing is committed); besides, no delete workflow runs
  // (their removals are still planned: a delete workflow's output is never written anyway) and no state is
  // recorded.
  bool dry_run = false;
  // --shard I/N: only this shard's requests run (and are reported); runner/shard.h says who deletes what.
  Shard shard;
  // Counts the run's objects as they finish, for the progress line (progress.h); null: not counted.
  Progress* progress = nullptr;
  // The pipeline cache (pipeline/pipeline_cache.h, docs/pipeline-cache.md); null: every pipeline runs.
  // pipeline_cache_reads false (--force): pipelines run all the same, and their results are stored.
  std::shared_ptr<pipeline::PipelineCache> pipeline_cache = nullptr;
  bool pipeline_cache_reads = true;
};

// Opens the state store behind a GitStateStore. The real one is state_store_opener; tests pass fakes.
using StoreOpener = std::function<Result<std::unique_ptr<writer::StateStore>>(const GitStateStore&)>;

// What state_store_opener hands a store's spec to: writer::open_state_store, or a fake in tests.
using SpecOpener = std::function<Result<std::unique_ptr<writer::StateStore>>(const writer::StoreSpec&)>;

// Opens each store by its URL (local path, file://, git://, https://, ssh) with the credentials of its
// spec.secretRef and the options in `access` (runner/platform.h store_spec_of). A store that cannot be
// opened is an error located at its spec.url (spec.secretRef for a missing key).
StoreOpener state_store_opener(StoreAccess access, SpecOpener open = writer::open_state_store);

// Every store of the platform, opened: `owned` keeps them alive, `views` is what readers take.
struct StoreSet {
  std::map<std::string, std::unique_ptr<writer::StateStore>> owned;
  std::map<std::string, writer::StateStore*> views;
};
Result<StoreSet> open_stores(const Platform& platform, const StoreOpener& open_store);

// Runs one request's resource.configure workflow and plans its placements and writes (no writing).
Result<RequestPlan> run_and_plan(const Platform& platform, const pipeline::Request& request,
                                 pipeline::ContainerRuntime& runtime, const PlacementIndex& index,
                                 const ReconcileOptions& options);

// Runs a Promise's promise.configure workflow and plans its dependencies' writes (no writing).
Result<RequestPlan> run_and_plan_promise(const Platform& platform, const pipeline::Promise& promise,
                                         pipeline::ContainerRuntime& runtime, const ReconcileOptions& options);

// Runs everything. An Error means the run could not start (a store cannot be opened); failures of single
// requests are in the report.
Result<RunReport> reconcile(const Platform& platform, pipeline::ContainerRuntime& runtime,
                            const StoreOpener& open_store, const ReconcileOptions& options);

}  // namespace ferry::runner
