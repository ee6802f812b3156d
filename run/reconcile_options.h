// What a reconcile run (reconcile.h) and its parts (workflow runs, deletions, plans) are told by the
// command line: scratch space, parallelism, limits, the state store, and the hooks for progress and cache.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "pipeline/pipeline_api.h"
#include "pipeline/pipeline_cache.h"
#include "pipeline/secrets.h"
#include "pipeline/workflow.h"
#include "placement/run_scheduling.h"
#include "platform/promise_release.h"
#include "run/progress_counter.h"
#include "run/shard.h"
#include "run/status_publication.h"
#include "run/work_selection.h"
#include "writer/state_store.h"

namespace ferry::runner {

class PlatformApiHost;  // run/pipeline_api_host.h
struct QuietRunNote;    // run/quiet_run.h

struct ReconcileOptions {
  std::filesystem::path scratch_dir;  // pipeline directories live below it
  int jobs = 2;                       // requests processed at once
  std::chrono::seconds container_timeout{600};
  const pipeline::SecretSource* secrets = nullptr;                  // for env valueFrom
  std::size_t max_output_files = pipeline::kDefaultMaxOutputFiles;  // per pipeline (--max-output-files)
  std::size_t max_output_bytes = pipeline::kDefaultMaxOutputBytes;  // per pipeline (--max-output-bytes)
  bool allow_privileged = false;  // --allow-privileged (pipeline::WorkflowOptions::allow_privileged)
  // Incremental runs (work_selection.h): with a state store, unchanged objects are skipped, vanished ones
  // deleted, and what the run did is recorded there at the end. Without one, everything runs and nothing
  // is recorded or deleted.
  writer::StateStore* state = nullptr;
  // Where the PromiseReleases that compound passes read from platform Destinations get their bodies
  // (run/promise_release_fetch.h); null: such releases are not fetched (a warning each).
  ReleaseSource* releases = nullptr;
  // The records cache (run/records_cache.h, docs/load-cache.md) the state's records are read through, kept
  // beside the load cache; "" (--full-load, --no-state, tests): every record.json is read.
  std::filesystem::path records_cache = {};
  // The placement paths cache (placement/placement_paths_cache.h) the stores' bundle paths are read through,
  // beside it; "": every store is read whole when a request needs its placements.
  std::filesystem::path placement_paths_cache = {};
  SelectionOptions selection;
  // A skipped object's report carries its last status, which reads every status kept beside the records
  // (run/recorded_statuses.h): the reports that show it (JSON, the GitHub summary) want it; a text report
  // does not, and then a run in which nothing runs reads no status at all.
  bool skipped_statuses = true;
  // --no-status: no status is recorded or published (docs/status.md), and none is fed back to the pipelines.
  bool record_statuses = true;
  // --publish-status STORE[:PATH]: the status tree also goes to that GitStateStore
  // (run/status_publication.h).
  std::optional<StatusTarget> status_target;
  // --max-deletions N: the deletion guard's limit (run/deletion_guard.h); nullopt: its default rules.
  std::optional<std::size_t> max_deletions;
  // --max-upgrades: at most this many requests upgraded to a new Promise version a run; the rest wait for
  // later runs (run/upgrades.h). nullopt: all of them.
  std::optional<std::size_t> max_upgrades = std::nullopt;
  // --restore-drift: objects whose files someone else changed (run/drift_check.h) run, so that their
  // commits put the files back; without it they are reported `drifted` and left as they are.
  bool restore_drift = false;
  // --no-drift-check: no store history is read, so neither drift nor records that lost track of a store
  // (run/recovery.h) are noticed; the recorded tips stay as they were.
  bool drift_check = true;
  // PlacementPolicies (placement/run_scheduling.h): each metric query and each external scheduler run is
  // bounded by scheduling_timeout. reconcile() reads the metrics once and sets `scheduling` for the whole
  // run; run_and_plan() without one reads them itself (as `ferry explain` does, for one request).
  std::chrono::milliseconds scheduling_timeout{2000};
  const RunScheduling* scheduling = nullptr;
  // `ferry plan`: the stores are PlanningStores (nothing is committed); besides, no delete workflow runs
  // (their removals are still planned: a delete workflow's output is never written anyway) and no state is
  // recorded.
  // Every container also gets KRATIX_DRY_RUN=true (pipeline/workflow_inputs.h), as in Kratix's dry run.
  bool dry_run = false;
  // --no-network: every container runs without a network whatever its Pipeline's ferry.dev/network
  // annotation says, so that a plan of a pull request can be made free of side effects.
  bool no_network = false;
  // --shard I/N: only this shard's requests run (and are reported); run/shard.h says who deletes what.
  Shard shard;
  // Counts the run's objects as they finish, for the progress line (runner/progress.h draws it); null: not
  // counted.
  ProgressCounter* progress = nullptr;
  // The pipeline cache (pipeline/pipeline_cache.h, docs/pipeline-cache.md); null: every pipeline runs.
  // pipeline_cache_reads false (--force): pipelines run all the same, and their results are stored.
  std::shared_ptr<pipeline::PipelineCache> pipeline_cache = nullptr;
  bool pipeline_cache_reads = true;
  // Where each object's container logs are kept (run/container_log_store.h, docs/logs.md); empty: not kept.
  std::filesystem::path container_logs_dir;
  // Called with each container's log as the container ends (`who`: "ns/name" or the Promise's name), from
  // the worker threads at once: it must lock what it shares. None: not shown.
  std::function<void(const std::string& who, const pipeline::ContainerLog&)> show_container_log;
  // Serves each Pipeline with `rbac` its platform API (run/pipeline_api_host.h), with the Promises and
  // requests of the platform reconcile() runs; null: none is served.
  PlatformApiHost* api = nullptr;
  // Filled for the quiet-run memo (run/quiet_run.h): what reconcile() read that the memo keys by, when it
  // can key all of it; null: not asked.
  QuietRunNote* quiet = nullptr;
  // A narrow run (run/narrow_run.h, docs/load-cache.md "Narrow runs"): the platform holds only the requests
  // whose documents changed since the quiet-run memo's run, whose records are `request_records`; the state's
  // other request records (`records_left` of them) are neither read nor changed. Null: a whole run.
  struct Narrow {
    std::vector<std::string> request_records;
    std::size_t records_left = 0;
  };
  const Narrow* narrow = nullptr;
};

}  // namespace ferry::runner
