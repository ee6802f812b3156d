#include "run/reconcile.h"

#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "core/fault_point.h"
#include "pipeline/object_status.h"
#include "pipeline/workflow.h"
#include "placement/lazy_run_scheduling.h"
#include "platform/store_access.h"
#include "run/canaries.h"
#include "run/deletion.h"
#include "run/deletion_guard.h"
#include "run/destination_cleanup.h"
#include "run/drift_check.h"
#include "run/health_rollup.h"
#include "run/incremental.h"
#include "run/journal.h"
#include "run/multi_store_commit.h"
#include "run/narrow_run.h"
#include "run/object_run.h"
#include "run/object_status.h"
#include "run/pipeline_api_host.h"
#include "run/promise_plan.h"
#include "run/promise_requirements.h"
#include "run/promise_revisions.h"
#include "run/quiet_run.h"
#include "run/recorded_run.h"
#include "run/recorded_statuses.h"
#include "run/recorded_stores.h"
#include "run/recovery.h"
#include "run/request_plan.h"
#include "run/status_publication.h"
#include "run/upgrades.h"
#include "run/workflow_runs.h"
#include "runtime/interrupt.h"

namespace ferry::runner {
namespace {

// The run's requests. Those whose placements depend on one another (placement/same_run_neighbours.h) run
// their workflows in parallel with all the others, then have their placements decided one at a time in
// decision_order(), each seeing the ones decided before it, then commit in parallel; the rest run whole,
// in parallel, as before. Only the decisions are ordered (they take microseconds): the linked requests'
// containers still run --jobs at a time. Their workflow outputs are held until their decision, and they
// commit after the others' workflows are done.
void run_requests(const RunParts& parts, const std::vector<const pipeline::Request*>& requests,
                  const std::map<std::string, const RequestReport*>& promise_reports, RunReport& run) {
  SameRunPlacements neighbours(parts.platform, requests);
  const std::vector<std::size_t>& order = neighbours.order();
  std::vector<std::optional<StagedRequest>> staged(requests.size());
  std::vector<bool> linked(requests.size());
  for (std::size_t i : order) linked[i] = true;
  const auto done = [&] {
    if (parts.options.progress) parts.options.progress->object_done();
  };
  tbb::parallel_for(std::size_t{0}, requests.size(), [&](std::size_t i) {
    const RequestReport& promise = *promise_reports.at(requests[i]->promise);
    if (linked[i]) {
      staged[i] = run_request_workflow(parts, *requests[i], promise);
      return;
    }
    run.requests[i] = run_request(parts, *requests[i], promise);
    done();
  });
  for (std::size_t i : order) decide_request(parts, *requests[i], *staged[i], &neighbours);
  tbb::parallel_for(std::size_t{0}, order.size(), [&](std::size_t k) {
    run.requests[order[k]] = commit_request(parts, *staged[order[k]]);
    done();
  });
}

// Deletes what vanished from the platform repository since the recorded run, one object at a time.
void run_deletions(const Platform& platform, runtime::ContainerRuntime& runtime, OpenStores& stores,
                   LazyRunScheduling& context, IncrementalRun& incremental, const ReconcileOptions& options,
                   RunReport& run) {
  for (const ObjectRecord* record : vanished_objects(platform, incremental.before())) {
    if (!options.shard.takes_deletion(record->kind, record->namespace_, record->name)) continue;
    RequestReport report{record->kind, record->name, record->namespace_, record->promise, {}, {}, {}, {}};
    auto ready = context.get();
    auto removals = ready ? run_and_plan_deletion(*record, platform, incremental.before(), *ready->index,
                                                  runtime, options)
                          : Result<std::map<std::string, writer::Change>>(ready.error());
    Status committed = removals ? ok() : Status(removals.error());
    if (removals) {
      committed = commit_each(*removals, stores, report);
    }
    report.result = committed ? RequestResult::deleted : RequestResult::failed;
    if (committed && record->object_yaml.empty()) report.message = kDeleteWorkflowNotRun;
    if (!committed) {
      report.message = "deleting it failed: " + committed.error().render();
      incremental.keep_failed_deletion(*record, committed.error().render());
    } else {
      incremental.forget(*record);
    }
    (record->kind == "Promise" ? run.promises : run.requests).push_back(std::move(report));
  }
}

// Whether this shard deletes the object of a record directory ("promises/<name>" or
// "requests/<promise>/<namespace>/<name>"), as run/shard.h decides.
bool takes_deletion_of(const Shard& shard, const std::string& directory) {
  if (directory.starts_with("promises/")) return shard.takes_deletion("Promise", "", directory.substr(9));
  const auto name_at = directory.rfind('/');
  const auto namespace_at = directory.rfind('/', name_at - 1);
  return shard.takes_deletion("request", directory.substr(namespace_at + 1, name_at - namespace_at - 1),
                              directory.substr(name_at + 1));
}

// Journal entries of objects no longer in the platform: what they committed part-way is reverted (their
// deletion, when they have a record, then removes the rest), and the entry goes either way.
void drop_vanished_entries(const Platform& platform, const InputDigests& digests, OpenStores& stores,
                           Journal& journal, const Shard& shard) {
  if (journal.entries().empty()) return;
  std::set<std::string> present;
  for (const auto& promise : platform.promises) present.insert(inputs_of(digests, promise).directory);
  for (const auto& request : platform.requests) present.insert(inputs_of(digests, request).directory);
  for (const JournalEntry& entry : journal.entries()) {
    if (present.contains(entry.directory) || !takes_deletion_of(shard, entry.directory)) continue;
    RequestReport unreported;
    revert_journaled(entry.directory, stores, journal, unreported);
    const Status removed = journal.remove(entry.directory);
    journal.note(entry.identity + ": no longer in the platform; its journal entry " +
                 (removed ? "is dropped" : "stays: " + removed.error().render()));
  }
}

// Loose objects in the state repository from which a run packs them. A run that records 1,000 requests
// writes about 2,000, which the next run reads one file each: at R=1,000, 0.20 s for a no-op run against
// 0.155 s with them packed.
constexpr std::size_t kStateLooseObjectLimit = 1000;

// Writes the run's records last, after every destination commit; then packs the state repository's loose
// objects when they have piled up (outside the uninterruptible section: an interrupted packing loses
// nothing).
// The objects with drift that this run did not put back: still `drifted`, or run and not committed.
std::set<std::string> unrestored_drift(const DriftCheck& drift, const RunReport& run) {
  std::set<std::string> left;
  for (const auto* reports : {&run.promises, &run.requests}) {
    for (const RequestReport& r : *reports) {
      const std::string directory = ObjectRecord{r.kind, r.name, r.namespace_, r.promise}.directory();
      const bool restored = r.result == RequestResult::succeeded || r.result == RequestResult::unchanged;
      if (drift.findings.contains(directory) && !restored) left.insert(directory);
    }
  }
  return left;
}

// Where --publish-status sends the status tree: the opened store, its configuration and the path.
struct StatusPublication {
  writer::StateStore* store;
  const GitStateStore* config;
  StatusTarget target;
};

// Commits the run's status files to the --publish-status store, before the records (a failure leaves them
// unrecorded, so the next run repeats this run's work and publishes again). True when nothing failed.
bool publish_statuses(const writer::Change& state_change, const StatusPublication& publication,
                      RunReport& run) {
  const writer::Change change = status_target_change(state_change, *publication.config, publication.target);
  if (change.files.empty()) return true;
  auto outcome = publication.store->apply(change);
  if (outcome) return true;
  run.state_error = "the statuses were not published to " + publication.store->describe() + ": " +
                    outcome.error().render() +
                    "; the run's state was not recorded, so the next run repeats this run's work";
  return false;
}

// Records the run's objects, and with them `stores_change` (the recorded stores, recorded_stores.h), in one
// commit; with `publication`, first commits their status files there. `records_left`: records of the state
// the run did not read (a narrow run's), counted in the commit's message.
void record_state(const IncrementalRun& incremental, const RecordedStatuses& statuses,
                  writer::Change stores_change, writer::StateStore& state,
                  const std::optional<StatusPublication>& publication, std::size_t records_left,
                  RunReport& run) {
  {
    const runtime::UninterruptibleSection section;
    fault_point(FaultPoint::kBeforeStateRecord);
    // From what the run changed: the records it left as they were are not looked at.
    const RunState& before = incremental.before();
    const RunStateDelta& delta = incremental.settled_delta();
    writer::Change change = run_state_delta_change(
        before, delta,
        "ferry run: record " + std::to_string(applied_size(before, delta) + records_left) + " objects\n",
        [&statuses](const ObjectRecord& record) { return statuses.published(record); });
    for (auto& bundle : stores_change.bundles) change.bundles.push_back(std::move(bundle));
    for (auto& removed : stores_change.removed_directories)
      change.removed_directories.push_back(std::move(removed));
    if (publication && !publish_statuses(change, *publication, run)) return;
    auto outcome = state.apply(change);
    if (!outcome) {
      run.state_error = "the run's state was not recorded in " + state.describe() + ": " +
                        outcome.error().render() + "; the next run repeats this run's work";
      return;
    }
    if (!outcome->commit_sha) return;
  }
  if (auto packed = state.pack_loose_objects(kStateLooseObjectLimit); !packed) {
    run.state_warnings.push_back(
        "the state repository's loose objects were not packed (the state is recorded): " +
        packed.error().render());
  }
}

// The records the run wrote (none it forgot), for the quiet-run memo: a copy of those only.
RunState changed_records(const IncrementalRun& incremental) {
  RunState records;
  for (const auto& [directory, record] : incremental.settled_delta()) {
    if (record) records.emplace(directory, *record);
  }
  return records;
}

// Whether the run deleted no record (a deletion's report says so; the memo keeps none then).
bool forgets_nothing(const IncrementalRun& incremental) {
  for (const auto& [directory, record] : incremental.settled_delta()) {
    if (!record) return false;
  }
  return true;
}

}  // namespace

Result<RunReport> reconcile(const Platform& declared, runtime::ContainerRuntime& runtime,
                            const StoreOpener& open_store, const ReconcileOptions& options) {
  if (options.status_target) {
    if (auto named = status_target_store(declared, *options.status_target); !named) return named.error();
  }
  auto recorded = load_recorded_run(declared, options);
  if (!recorded) return recorded.error();
  auto opened = open_stores(declared, open_store);
  if (!opened) return opened.error();
  RunReport run;
  if (*recorded) run.state_warnings = (*recorded)->warnings;
  const std::optional<Platform> widened =
      *recorded ? with_retired_stores(declared, **recorded, open_store, *opened, run.state_warnings)
                : std::nullopt;
  // Requests pinned to other Promise versions than the declared ones, resolved (run/promise_revisions.h).
  static const RunState kNoRecords;
  auto pinned = resolve_pinned_requests(widened ? *widened : declared,
                                        *recorded ? (*recorded)->records : kNoRecords, options.state);
  if (!pinned) return pinned.error();
  const Platform& platform = *pinned ? **pinned : widened ? *widened : declared;
  const ServedPlatform served(options.api, platform);  // what pipelines with `rbac` read through the API
  OpenStores stores;
  for (const GitStateStore& config : platform.stores) {
    stores[config.name].config = &config;
    stores[config.name].store = opened->views.at(config.name);
  }
  // A narrow run reads the placements of the requests it loaded alone (run/narrow_run.h): it recovers no
  // record (the stores' tips are the recorded ones) and deletes no other request.
  LazyRunScheduling context(platform, opened->views, options.scheduling_timeout,
                            {options.placement_paths_cache, options.narrow != nullptr});
  // Drift since the last run, read before anything commits (drift_check.h), in the declared stores; and the
  // records rebuilt from the stores they may not know (recovery.h).
  std::map<std::string, writer::StateStore*> declared_stores;
  for (const GitStateStore& config : declared.stores)
    declared_stores[config.name] = opened->views.at(config.name);
  DriftCheck drift;
  if (*recorded && options.drift_check) {
    drift = check_drift((*recorded)->records, (*recorded)->stores.tips, declared_stores);
    for (std::string& warning : drift.warnings) run.state_warnings.push_back(std::move(warning));
    if (Status rebuilt = rebuild_lost_records(platform, context, drift, options, **recorded, run); !rebuilt)
      return rebuilt.error();
  }
  const RecordedStatuses statuses(options.state);
  IncrementalRun incremental(*recorded ? &(*recorded)->records : nullptr, options.selection,
                             {&statuses, options.skipped_statuses, options.record_statuses});
  if (*recorded) incremental.set_drift(drift.findings, options.restore_drift);
  Journal journal(options.state, !options.dry_run);
  if (Status loaded = journal.load(); !loaded) return loaded.error();
  const bool journal_at_start = !journal.entries().empty();
  for (const JournalEntry& entry : journal.entries()) incremental.run_regardless(entry.directory);
  // An image the runtime cannot tell the digest of (not present yet, exec without a mapping) is an input by
  // name only; its first run then fails or records it, and a later run sees the digest as a change.
  std::mutex images_mutex;
  std::map<std::string, std::string> images;  // what the runtime told of each image, for the quiet-run memo
  const InputDigests digests(platform, [&](const std::string& image) -> std::optional<std::string> {
    Result<std::string> digest = runtime.image_digest(image);
    const std::lock_guard lock(images_mutex);
    images[image] = digest ? *digest : "";
    return digest ? std::optional<std::string>(*digest) : std::nullopt;
  });
  run.promises.resize(platform.promises.size());
  std::vector<const pipeline::Request*> requests;  // this shard's
  for (const auto& request : platform.requests) {
    if (options.shard.takes_request(request.namespace_, request.name)) requests.push_back(&request);
  }
  run.requests.resize(requests.size());
  const UpgradePlan upgrades =
      plan_upgrades(platform, requests, *recorded ? (*recorded)->records : kNoRecords, options.max_upgrades);
  // Before any object commits, once per run: every shard writes them (they are the same for all, so a
  // shard that comes second finds nothing to change), and so does a run without state.
  if (!runtime::interrupted()) commit_canaries(platform, stores, run);
  // Destinations with cleanup: all that left the platform since the recorded run lose their files first.
  std::vector<std::string> cleaned;
  if (*recorded && !runtime::interrupted())
    cleaned = clean_up_removed_destinations(declared, (*recorded)->cleanups, stores, run);
  if (options.progress) options.progress->set_total(platform.promises.size() + requests.size());
  std::map<std::string, const RequestReport*> promise_reports;
  // --jobs may exceed the cores (containers wait, they do not compute here): TBB would otherwise cap the
  // arena at the core count and print a warning of its own.
  const tbb::global_control workers(
      tbb::global_control::max_allowed_parallelism,
      std::max<std::size_t>(std::max(1, options.jobs), tbb::this_task_arena::max_concurrency()));
  tbb::task_arena arena(std::max(1, options.jobs));
  const RunParts parts{platform, runtime, stores,
                       journal,  context, incremental,
                       digests,  options, *recorded ? &upgrades : nullptr};
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, platform.promises.size(), [&](std::size_t i) {
      run.promises[i] = run_promise(parts, platform.promises[i]);
      if (options.progress) options.progress->object_done();
    });
    for (const auto& p : run.promises) promise_reports[p.name] = &p;
    mark_unmet_requirements(platform, promise_reports, run.promises);
    run_requests(parts, requests, promise_reports, run);
  });
  // The placements could not be read back: as before any request ran, the run could not start (nothing
  // that needed them was committed; the state is not recorded, so the next run redoes this one).
  if (context.error()) return *context.error();
  run.metric_failures = context.metric_failures();
  for (const std::string& warning : context.warnings()) run.state_warnings.push_back(warning);
  run.journal_notes = journal.notes();
  // Health after the workflows, from the branch tips as they are now: it changes statuses, never what ran.
  // Health folders are read at the tips the drift check fetched: agents' commits, never this run's.
  bool health_free = false;  // no HealthRecord anywhere (QuietRunNote::health_free)
  if (!runtime::interrupted()) {
    const RunHealth health = read_run_health(platform, opened->views, drift.tips);
    health_free = health.complete && health.by_request.empty() && health.warnings.empty();
    apply_run_health(health, run, incremental);
  }
  // Interrupted: no deletions, and no state record (the next run redoes this run's work).
  if (!incremental.enabled() || runtime::interrupted()) return run;
  drop_vanished_entries(platform, digests, stores, journal, options.shard);
  run.journal_notes = journal.notes();
  run_deletions(platform, runtime, stores, context, incremental, options, run);
  if (context.error()) return *context.error();
  if (!options.dry_run) {
    writer::Change stores_change;
    const auto tips =
        tips_to_record(drift, unrestored_drift(drift, run), (*recorded)->stores.tips, declared_stores);
    record_stores(stores_change, (*recorded)->stores, stores_to_record(declared, **recorded, incremental),
                  tips, declared.root);
    record_cleanups(stores_change, (*recorded)->cleanups,
                    cleanups_to_record(declared, (*recorded)->cleanups, cleaned));
    std::optional<StatusPublication> publication;
    if (options.status_target) {
      const GitStateStore* config = *status_target_store(declared, *options.status_target);  // checked first
      publication = StatusPublication{stores.at(config->name).store, config, *options.status_target};
    }
    record_state(incremental, statuses, std::move(stores_change), *options.state, publication,
                 options.narrow ? options.narrow->records_left : 0, run);
  }
  // The quiet-run memo keys the records by the state's tip and the stores by theirs; what else this run
  // read must be keyable too (run/quiet_run.h). The revisions pinned requests run with are read from the
  // state, so its tip keys them; a retired store's tip is not keyed.
  if (options.quiet && !widened && drift.findings.empty() && drift.unknown_to_records.empty() &&
      !journal_at_start && unkeyable_part(platform).empty()) {
    // The next run's due time, and the entries it would print for the requests this run ran, come from the
    // records this run leaves (run/narrow_run.h); a narrow run read few, a whole one its delta's are enough.
    const RunState left = options.narrow ? incremental.settled_after() : changed_records(incremental);
    std::optional<std::int64_t> due =
        quiet_due_at(platform, options.narrow ? left : (*recorded)->records, options.selection);
    if (!options.narrow && due && !left.empty()) {
      const auto due_left = quiet_due_at(platform, left, options.selection);
      due = due_left ? std::optional(std::min(*due, *due_left)) : std::nullopt;
    }
    std::map<std::size_t, const pipeline::Request*> ran;
    for (std::size_t i = 0; i < requests.size(); ++i) {
      if (options.narrow || run.requests[i].result != RequestResult::skipped) ran.emplace(i, requests[i]);
    }
    auto next = next_run_entries(platform, ran, digests, left, options.selection);
    if (due && next && forgets_nothing(incremental))
      *options.quiet = QuietRunNote{true, *due, std::move(images), health_free, std::move(*next)};
  }
  return run;
}

}  // namespace ferry::runner
