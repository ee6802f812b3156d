#include "runner/reconcile.h"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <map>
#include <mutex>

#include "core/fault_point.h"
#include "pipeline/duration.h"
#include "pipeline/interrupt.h"
#include "pipeline/workflow.h"
#include "runner/deletion.h"
#include "runner/incremental.h"
#include "runner/promise_plan.h"
#include "runner/promise_requirements.h"
#include "runner/request_plan.h"
#include "runner/scheduling_context.h"
#include "runner/workflow_runs.h"

namespace ferry::runner {
namespace {

struct OpenStore {
  const GitStateStore* config = nullptr;
  writer::StateStore* store = nullptr;
  std::mutex write_mutex;  // one writer per repository; compare-and-swap still guards other processes
};
using OpenStores = std::map<std::string, OpenStore>;

// Commits every store's change of one request. Each store's commit is atomic; a failure part-way leaves
// earlier stores committed (multi-repository journalling is a later step, see docs/differences.md).
// A started commit lands whole even when a second signal arrives (pipeline/interrupt.h).
Status commit_plan(RequestPlan& plan, OpenStores& stores, RequestReport& report) {
  const pipeline::UninterruptibleSection section;
  for (auto& [store_name, change] : plan.changes) {
    if (!report.commits.empty() && !change.bundles.empty()) fault_point(FaultPoint::kBetweenStores);
    OpenStore& open = stores.at(store_name);
    std::lock_guard lock(open.write_mutex);
    auto outcome = open.store->apply(change);
    if (!outcome) return outcome.error();
    report.push_retries += outcome->push_retries;
    if (outcome->commit_sha) report.commits.push_back({store_name, open.config->branch, *outcome->commit_sha});
  }
  return ok();
}

std::string describe(const pipeline::Suspension& s) {
  std::string text = "pipeline \"" + s.pipeline + "\" suspended the workflow";
  if (!s.message.empty()) text += ": " + s.message;
  if (s.next_retry_at) text += " (retry " + std::to_string(s.attempts) + " after " + pipeline::format_rfc3339_utc(*s.next_retry_at) + ")";
  return text;
}

// After an interrupt nothing new starts: pending, nothing committed, nothing recorded.
RequestReport not_run(RequestReport report) {
  report.result = RequestResult::pending;
  report.message = pipeline::kNotRunMessage;
  return report;
}

// Turns a plan (or the error that prevented it) into the report, committing what it says.
// An interrupt that stopped the workflow makes it "not run" rather than failed (docs/reliability.md).
RequestReport commit_and_report(RequestReport report, Result<RequestPlan>& plan, OpenStores& stores) {
  if (!plan && pipeline::interrupted()) return not_run(std::move(report));
  if (!plan) {
    report.result = RequestResult::failed;
    report.message = plan.error().render();
    return report;
  }
  if (!plan->pending_reason.empty()) {
    report.result = RequestResult::pending;
    report.message = plan->pending_reason;
    report.scheduling_notes = plan->scheduling_notes;
    return report;
  }
  report.placements = plan->placements;
  report.scheduling_notes = plan->scheduling_notes;
  if (Status committed = commit_plan(*plan, stores, report); !committed) {
    report.result = RequestResult::failed;
    report.message = committed.error().render();
    return report;
  }
  report.result = report.commits.empty() ? RequestResult::unchanged : RequestResult::succeeded;
  report.status_message = plan->status_message;
  report.pipelines_from_cache = plan->pipelines_from_cache;
  if (plan->suspension) {
    report.result = RequestResult::suspended;
    report.message = describe(*plan->suspension);
    if (plan->suspension->next_retry_at) report.retry_at = pipeline::format_rfc3339_utc(*plan->suspension->next_retry_at);
  }
  return report;
}

RequestReport run_promise(const Platform& platform, const pipeline::Promise& promise,
                          pipeline::ContainerRuntime& runtime, OpenStores& stores, IncrementalRun& incremental,
                          const InputDigests& digests,
                          const ReconcileOptions& options) {
  RequestReport report{"Promise", promise.name, "", promise.name, {}, {}, {}, {}};
  if (pipeline::interrupted()) return not_run(std::move(report));
  const ObjectInputs inputs = inputs_of(digests, promise);
  if (auto skipped = incremental.skip(report, inputs)) return *skipped;
  auto plan = run_and_plan_promise(platform, promise, runtime, options);
  report = commit_and_report(std::move(report), plan, stores);
  incremental.record(report, inputs);
  return report;
}

// A Promise whose requiredPromises are not met is reported pending (its own workflow ran and is recorded
// as it went), so its requests wait: runner/promise_requirements.h.
void mark_unmet_requirements(const Platform& platform, const std::map<std::string, const RequestReport*>& reports,
                             std::vector<RequestReport>& promises) {
  const auto unmet = unmet_requirements(platform, reports);
  for (RequestReport& report : promises) {
    const auto found = unmet.find(report.name);
    if (found == unmet.end()) continue;
    report.result = RequestResult::pending;
    report.message = "requirements not installed: " + found->second;
  }
}

// run_and_plan with the run's scheduling context, read now if this is the first request that needs it.
Result<RequestPlan> planned_request(const Platform& platform, const pipeline::Request& request,
                                    pipeline::ContainerRuntime& runtime, SchedulingContext& context,
                                    const ReconcileOptions& options) {
  auto ready = context.get();
  if (!ready) return ready.error();
  ReconcileOptions with_scheduling = options;
  with_scheduling.scheduling = ready->scheduling;
  return run_and_plan(platform, request, runtime, *ready->index, with_scheduling);
}

// A request runs only once its Promise's own workflow and dependencies are in place (reference §5.2).
RequestReport run_request(const Platform& platform, const pipeline::Request& request, const RequestReport& promise,
                          pipeline::ContainerRuntime& runtime, OpenStores& stores, SchedulingContext& context,
                          IncrementalRun& incremental, const InputDigests& digests,
                          const ReconcileOptions& options) {
  RequestReport report{request.kind, request.name, request.namespace_, request.promise, {}, {}, {}, {}};
  if (pipeline::interrupted()) return not_run(std::move(report));
  const ObjectInputs inputs = inputs_of(digests, request);
  if (promise.result == RequestResult::failed || promise.result == RequestResult::pending) {
    report.result = RequestResult::pending;
    report.message = "Promise " + request.promise + " is not available: " + promise.message;
  } else if (auto skipped = incremental.skip(report, inputs)) {
    return *skipped;
  } else {
    auto plan = planned_request(platform, request, runtime, context, options);
    report = commit_and_report(std::move(report), plan, stores);
  }
  incremental.record(report, inputs);
  return report;
}

// Deletes what vanished from the platform repository since the recorded run, one object at a time.
void run_deletions(const Platform& platform, pipeline::ContainerRuntime& runtime, OpenStores& stores,
                   SchedulingContext& context, IncrementalRun& incremental, const ReconcileOptions& options,
                   RunReport& run) {
  for (const ObjectRecord* record : vanished_objects(platform, incremental.before())) {
    if (!options.shard.takes_deletion(record->kind, record->namespace_, record->name)) continue;
    RequestReport report{record->kind, record->name, record->namespace_, record->promise, {}, {}, {}, {}};
    auto ready = context.get();
    auto removals = ready ? run_and_plan_deletion(*record, platform, incremental.before(), *ready->index, runtime, options)
                          : Result<std::map<std::string, writer::Change>>(ready.error());
    Status committed = removals ? ok() : Status(removals.error());
    if (removals) {
      RequestPlan plan;
      plan.changes = std::move(*removals);
      committed = commit_plan(plan, stores, report);
    }
    report.result = committed ? RequestResult::deleted : RequestResult::failed;
    if (!committed) {
      report.message = "deleting it failed: " + committed.error().render();
      incremental.keep_failed_deletion(*record, committed.error().render());
    } else {
      incremental.forget(*record);
    }
    (record->kind == "Promise" ? run.promises : run.requests).push_back(std::move(report));
  }
}

// Writes the run's records last, after every destination commit.
void record_state(const IncrementalRun& incremental, writer::StateStore& state, RunReport& run) {
  const pipeline::UninterruptibleSection section;
  fault_point(FaultPoint::kBeforeStateRecord);
  const RunState after = incremental.after();
  const writer::Change change = run_state_change(incremental.before(), after, "ferry run: record " +
                                                                                  std::to_string(after.size()) + " objects\n");
  if (auto outcome = state.apply(change); !outcome) {
    run.state_error = "the run's state was not recorded in " + state.describe() + ": " + outcome.error().render() +
                      "; the next run repeats this run's work";
  }
}

}  // namespace

Result<RequestPlan> run_and_plan_promise(const Platform& platform, const pipeline::Promise& promise,
                                         pipeline::ContainerRuntime& runtime, const ReconcileOptions& options) {
  auto results = run_workflow_if_any(promise, "promise.configure", promise_workflow_object(promise, "configure"), runtime,
                                     options);
  if (!results) return results.error();
  return plan_promise(platform, promise, *results);
}

Result<RequestPlan> run_and_plan(const Platform& platform, const pipeline::Request& request,
                                 pipeline::ContainerRuntime& runtime, const PlacementIndex& index,
                                 const ReconcileOptions& options) {
  const pipeline::Promise& promise = *platform.promise(request.promise);
  auto results = run_workflow_if_any(promise, "resource.configure", request_workflow_object(request, promise, "configure"),
                                     runtime, options);
  if (!results) return results.error();
  const auto& existing = index.bundles_of(request.namespace_, request.promise, request.name);
  if (options.scheduling || !platform.policy_for(promise.name)) {
    return plan_request(platform, request, promise, *results, existing, options.scheduling);
  }
  const RunScheduling scheduling(platform, index, options.scheduling_timeout);
  return plan_request(platform, request, promise, *results, existing, &scheduling);
}

StoreOpener state_store_opener(StoreAccess access, SpecOpener open) {
  return [access = std::move(access), open = std::move(open)](
             const GitStateStore& store) -> Result<std::unique_ptr<writer::StateStore>> {
    auto spec = store_spec_of(store, access);
    if (!spec) return spec.error();
    auto opened = open(*spec);
    if (!opened) {
      // The writer's messages carry no credentials (writer/store_url.h redact_url); locate them.
      return make_error(opened.error().where.value_or(store.url_where),
                        "GitStateStore \"" + store.name + "\": " + opened.error().message);
    }
    return opened;
  };
}

Result<StoreSet> open_stores(const Platform& platform, const StoreOpener& open_store) {
  StoreSet stores;
  for (const GitStateStore& config : platform.stores) {
    auto store = open_store(config);
    if (!store) return store.error();
    stores.owned[config.name] = std::move(*store);
    stores.views[config.name] = stores.owned[config.name].get();
  }
  return stores;
}

Result<RunReport> reconcile(const Platform& platform, pipeline::ContainerRuntime& runtime,
                            const StoreOpener& open_store, const ReconcileOptions& options) {
  auto opened = open_stores(platform, open_store);
  if (!opened) return opened.error();
  OpenStores stores;
  for (const GitStateStore& config : platform.stores) {
    stores[config.name].config = &config;
    stores[config.name].store = opened->views.at(config.name);
  }
  SchedulingContext context(platform, opened->views, options.scheduling_timeout);
  std::optional<RunState> before;
  if (options.state) {
    auto loaded = load_run_state(*options.state);
    if (!loaded) return loaded.error();
    before = std::move(*loaded);
  }
  IncrementalRun incremental(before ? &*before : nullptr, options.selection);
  const InputDigests digests(platform);
  RunReport run;
  run.promises.resize(platform.promises.size());
  std::vector<const pipeline::Request*> requests;  // this shard's
  for (const auto& request : platform.requests) {
    if (options.shard.takes_request(request.namespace_, request.name)) requests.push_back(&request);
  }
  run.requests.resize(requests.size());
  if (options.progress) options.progress->set_total(platform.promises.size() + requests.size());
  std::map<std::string, const RequestReport*> promise_reports;
  tbb::task_arena arena(std::max(1, options.jobs));
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, platform.promises.size(), [&](std::size_t i) {
      run.promises[i] = run_promise(platform, platform.promises[i], runtime, stores, incremental, digests, options);
      if (options.progress) options.progress->object_done();
    });
    for (const auto& p : run.promises) promise_reports[p.name] = &p;
    mark_unmet_requirements(platform, promise_reports, run.promises);
    tbb::parallel_for(std::size_t{0}, requests.size(), [&](std::size_t i) {
      const auto& request = *requests[i];
      run.requests[i] = run_request(platform, request, *promise_reports.at(request.promise), runtime, stores,
                                    context, incremental, digests, options);
      if (options.progress) options.progress->object_done();
    });
  });
  // The placements could not be read back: as before any request ran, the run could not start (nothing
  // that needed them was committed; the state is not recorded, so the next run redoes this one).
  if (context.error()) return *context.error();
  run.metric_failures = context.metric_failures();
  // Interrupted: no deletions, and no state record (the next run redoes this run's work).
  if (!incremental.enabled() || pipeline::interrupted()) return run;
  run_deletions(platform, runtime, stores, context, incremental, options, run);
  if (context.error()) return *context.error();
  if (!options.dry_run) record_state(incremental, *options.state, run);
  return run;
}

}  // namespace ferry::runner
