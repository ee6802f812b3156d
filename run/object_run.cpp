#include "run/object_run.h"

#include "pipeline/duration.h"
#include "pipeline/object_status.h"
#include "platform/binding_names.h"
#include "run/object_status.h"
#include "run/promise_plan.h"
#include "run/workflow_runs.h"
#include "runtime/interrupt.h"

namespace ferry::runner {
namespace {

// Who an object's transaction is for (multi_store_commit.h).
TransactionId transaction_of(const RequestReport& report, const ObjectInputs& inputs) {
  const std::string identity =
      report.kind == "Promise"
          ? "Promise " + report.name
          : report.namespace_ + "/" + report.name + " (" + report.kind + ", Promise " + report.promise + ")";
  return {inputs.directory, identity, inputs.digest};
}

std::string describe(const pipeline::Suspension& s) {
  std::string text = "pipeline \"" + s.pipeline + "\" suspended the workflow";
  if (!s.message.empty()) text += ": " + s.message;
  if (s.next_retry_at)
    text += " (retry " + std::to_string(s.attempts) + " after " +
            pipeline::format_rfc3339_utc(*s.next_retry_at) + ")";
  return text;
}

// After an interrupt nothing new starts: pending, nothing committed, nothing recorded.
RequestReport not_run(RequestReport report) {
  report.result = RequestResult::pending;
  report.message = runtime::kNotRunMessage;
  return report;
}

// Turns a plan (or the error that prevented it) into the report, committing what it says as one
// transaction (multi_store_commit.h); a failed object reverts what an earlier run left in the journal.
// An interrupt that stopped the workflow makes it "not run" rather than failed (docs/reliability.md).
RequestReport commit_and_report(RequestReport report, Result<RequestPlan>& plan, OpenStores& stores,
                                Journal& journal, const TransactionId& id) {
  if (!plan && runtime::interrupted()) return not_run(std::move(report));
  if (!plan) {
    report.result = RequestResult::failed;
    report.message = plan.error().render();
    if (std::string reverted = revert_journaled(id.directory, stores, journal, report); !reverted.empty())
      report.message += "\n" + reverted;
    return report;
  }
  if (!plan->pending_reason.empty() && plan->changes.empty()) {
    report.result = RequestResult::pending;
    report.message = plan->pending_reason;
    report.scheduling_notes = plan->scheduling_notes;
    return report;
  }
  report.placements = plan->placements;
  report.scheduling_notes = plan->scheduling_notes;
  if (Status committed = commit_transaction(id, plan->changes, stores, journal, report); !committed) {
    report.result = RequestResult::failed;
    report.message = committed.error().render();
    return report;
  }
  report.result = report.commits.empty() ? RequestResult::unchanged : RequestResult::succeeded;
  if (!plan->pending_reason.empty()) {  // pending, with the bundles of a not-Ready Placement removed
    report.result = RequestResult::pending;
    report.message = plan->pending_reason;
    return report;
  }
  report.message = waiting_message(plan->waiting);
  report.status_message = plan->status_message;
  report.pipelines_from_cache = plan->pipelines_from_cache;
  report.container_retries = plan->container_retries;
  report.api_requests = plan->api_requests;
  if (plan->suspension) {
    report.result = RequestResult::suspended;
    report.message = describe(*plan->suspension);
    if (plan->suspension->next_retry_at)
      report.retry_at = pipeline::format_rfc3339_utc(*plan->suspension->next_retry_at);
  }
  return report;
}

}  // namespace

Result<RequestPlan> run_and_plan_promise(const Platform& platform, const pipeline::Promise& promise,
                                         runtime::ContainerRuntime& runtime, const ReconcileOptions& options,
                                         StatusFeed* feed) {
  auto results = run_workflow_if_any(promise, "promise.configure",
                                     promise_workflow_object(promise, "configure"), runtime, options, feed);
  if (!results) return results.error();
  return plan_promise(platform, promise, *results);
}

Result<std::vector<pipeline::PipelineResult>> run_resource_workflow(const Platform& platform,
                                                                    const pipeline::Request& request,
                                                                    runtime::ContainerRuntime& runtime,
                                                                    const ReconcileOptions& options,
                                                                    StatusFeed* feed) {
  const pipeline::Promise& promise = *platform.promise_of(request);
  return run_workflow_if_any(promise, "resource.configure",
                             request_workflow_object(request, promise, "configure"), runtime, options, feed);
}

RequestPlan plan_placements(const Platform& platform, const pipeline::Request& request,
                            const std::vector<pipeline::PipelineResult>& results, const PlacementIndex& index,
                            const ReconcileOptions& options, const SameRunPlacements* neighbours,
                            const std::vector<PlacementReport>& recorded) {
  const pipeline::Promise& promise = *platform.promise_of(request);
  const auto& existing = index.bundles_of(request.namespace_, request.promise, request.name);
  if (options.scheduling || !platform.policy_for(promise.name)) {
    return plan_request(platform, request, promise, results, existing, options.scheduling, neighbours,
                        recorded);
  }
  const RunScheduling scheduling(platform, index, options.scheduling_timeout);
  return plan_request(platform, request, promise, results, existing, &scheduling, neighbours, recorded);
}

Result<RequestPlan> run_and_plan(const Platform& platform, const pipeline::Request& request,
                                 runtime::ContainerRuntime& runtime, const PlacementIndex& index,
                                 const ReconcileOptions& options, const SameRunPlacements* neighbours,
                                 StatusFeed* feed, const std::vector<PlacementReport>& recorded) {
  auto results = run_resource_workflow(platform, request, runtime, options, feed);
  if (!results) return results.error();
  return plan_placements(platform, request, *results, index, options, neighbours, recorded);
}

namespace {

// Sets the version the request runs with on its inputs and, when its upgrade waits (a failed upgrade held,
// --max-upgrades), makes it a done report that keeps its record: true then.
bool hold_upgrade(const RunParts& parts, const pipeline::Request& request, StagedRequest& staged) {
  const UpgradePlan& upgrades = *parts.upgrades;
  const std::string version = upgrades.versions.of(request);
  staged.inputs.version = version;
  staged.inputs.binding_version = request.binding.version;
  BindingIdentity binding = binding_identity(request);  // only for what is not skipped: its text is parsed
  staged.inputs.binding_name = std::move(binding.name);
  staged.inputs.binding_labels = std::move(binding.labels);
  // Pending, or failing on its unreadable revision: no upgrade to tell of.
  if (!request.binding.unresolved.empty() || !request.binding.unreadable.empty()) return false;
  const ObjectRecord* record = parts.incremental.recorded(staged.inputs.directory);
  if (is_upgrade(record, version))
    staged.report.upgrade = "upgrade from version " + record->upgrade.last_applied_version + " to " + version;
  std::optional<std::string> why = failed_upgrade_hold(record, request, version);
  if (!why && upgrades.deferred.contains(staged.inputs.directory))
    why = deferred_upgrade_message(record->upgrade.last_applied_version, version, *upgrades.max_upgrades);
  if (!why) return false;
  staged.report = parts.incremental.held(staged.report, staged.inputs, *why);
  staged.report.upgrade = *why;
  staged.done = true;
  return true;
}

}  // namespace

RequestReport run_promise(const RunParts& parts, const pipeline::Promise& promise) {
  RequestReport report{"Promise", promise.name, "", promise.name, {}, {}, {}, {}};
  if (runtime::interrupted()) return not_run(std::move(report));
  ObjectInputs inputs = inputs_of(parts.digests, promise);
  if (promise.controls.paused) return parts.incremental.paused(report, inputs, kPausedMessage);
  if (auto skipped = parts.incremental.skip(report, inputs)) return *skipped;
  if (parts.upgrades) inputs.version = parts.upgrades->versions.of_promise(promise.name);
  auto previous = parts.incremental.previous_status(inputs.directory);  // read only for what runs
  StatusFeed feed{previous ? *previous : "", ""};
  Result<RequestPlan> plan =
      previous ? run_and_plan_promise(parts.platform, promise, parts.runtime, parts.options, &feed)
               : Result<RequestPlan>(previous.error());
  const TransactionId id = transaction_of(report, inputs);
  report = commit_and_report(std::move(report), plan, parts.stores, parts.journal, id);
  report.status_yaml = settled_status(feed, report, inputs.digest, parts.options.selection.now);
  if (report.result == RequestResult::failed) report.api_requests = feed.api_requests;
  parts.incremental.record(report, inputs);
  return report;
}

StagedRequest run_request_workflow(const RunParts& parts, const pipeline::Request& request,
                                   const RequestReport& promise) {
  StagedRequest staged{{request.kind, request.name, request.namespace_, request.promise, {}, {}, {}, {}},
                       inputs_of(parts.digests, request)};
  staged.inputs.reconciliation_interval =
      parts.platform.promise(request.promise)->controls.reconciliation_interval;
  if (runtime::interrupted()) {
    staged.report = not_run(std::move(staged.report));
    staged.done = true;
    return staged;
  }
  if (request.controls.paused || promise.result == RequestResult::paused) {
    const std::string why =
        request.controls.paused ? kPausedMessage : "its Promise " + request.promise + " is paused";
    staged.report = parts.incremental.paused(staged.report, staged.inputs, why);
    staged.done = true;
    return staged;
  }
  const bool promise_unavailable =
      promise.result == RequestResult::failed || promise.result == RequestResult::pending;
  if (!promise_unavailable) {
    if (auto skipped = parts.incremental.skip(staged.report, staged.inputs)) {
      parts.incremental.follow_request_text(request, staged.inputs.directory);
      staged.report = std::move(*skipped);
      staged.done = true;
      return staged;
    }
  }
  if (parts.upgrades && hold_upgrade(parts, request, staged)) return staged;
  // Only what is not skipped reads its last status (run/recorded_statuses.h) and placements.
  auto previous = parts.incremental.previous_status(staged.inputs.directory);
  staged.feed = {previous ? *previous : "", ""};
  staged.recorded = parts.incremental.recorded_placements(staged.inputs.directory);
  if (!previous) {
    staged.plan = previous.error();  // the state could not be read: no container runs
  } else if (!request.binding.unreadable.empty()) {
    staged.plan = make_error(request.binding.unreadable);  // its version's workflows are unknown: none runs
  } else if (!request.binding.unresolved.empty()) {
    staged.report.result = RequestResult::pending;
    staged.report.message = request.binding.unresolved;
    staged.report.status_yaml = staged.feed.previous;
  } else if (promise_unavailable) {
    staged.report.result = RequestResult::pending;
    staged.report.message = "Promise " + request.promise + " is not available: " + promise.message;
    staged.report.status_yaml =
        pipeline::status_while_promise_unavailable(staged.feed.previous, parts.options.selection.now);
  } else if (auto ready = parts.scheduling.get(); !ready) {
    staged.plan = ready.error();  // the placements could not be read back: no container runs
  } else {
    staged.results =
        run_resource_workflow(parts.platform, request, parts.runtime, parts.options, &staged.feed);
  }
  return staged;
}

void decide_request(const RunParts& parts, const pipeline::Request& request, StagedRequest& staged,
                    SameRunPlacements* neighbours) {
  if (staged.done || !staged.results) return;
  auto ready = parts.scheduling.get();  // read by run_request_workflow already
  if (!ready) {
    staged.plan = ready.error();
  } else if (!*staged.results) {
    staged.plan = staged.results->error();
  } else {
    ReconcileOptions with_scheduling = parts.options;
    with_scheduling.scheduling = ready->scheduling;
    staged.plan = plan_placements(parts.platform, request, **staged.results, *ready->index, with_scheduling,
                                  neighbours, staged.recorded);
  }
  staged.results.reset();  // the outputs are in the plan's changes now
  if (neighbours && *staged.plan) neighbours->record(request, placed_destinations(**staged.plan));
}

RequestReport commit_request(const RunParts& parts, StagedRequest& staged) {
  if (staged.done) return std::move(staged.report);
  RequestReport report = std::move(staged.report);
  if (staged.plan) {
    const TransactionId id = transaction_of(report, staged.inputs);
    report = commit_and_report(std::move(report), *staged.plan, parts.stores, parts.journal, id);
    report.status_yaml =
        settled_status(staged.feed, report, staged.inputs.digest, parts.options.selection.now);
    if (report.result == RequestResult::failed) report.api_requests = staged.feed.api_requests;
    // Nothing placed: not "unchanged" (nothing is there to stay the same) but a success without output.
    if (report.result == RequestResult::unchanged && report.placements.empty()) {
      report.result = RequestResult::succeeded;
      report.message = kNoOutputMessage;
    }
  }
  parts.incremental.record(report, staged.inputs);
  return report;
}

RequestReport run_request(const RunParts& parts, const pipeline::Request& request,
                          const RequestReport& promise) {
  StagedRequest staged = run_request_workflow(parts, request, promise);
  decide_request(parts, request, staged, nullptr);
  return commit_request(parts, staged);
}

}  // namespace ferry::runner
