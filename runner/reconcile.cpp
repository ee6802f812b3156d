#include "runner/reconcile.h"

#include <spdlog/spdlog.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <map>
#include <mutex>

#include "pipeline/duration.h"
#include "pipeline/workflow.h"
#include "runner/promise_plan.h"
#include "runner/request_plan.h"
#include "writer/local_git_repo.h"

namespace ferry::runner {
namespace {

struct OpenStore {
  const GitStateStore* config = nullptr;
  writer::StateStore* store = nullptr;
  std::mutex write_mutex;  // one writer per repository; compare-and-swap still guards other processes
};
using OpenStores = std::map<std::string, OpenStore>;

pipeline::WorkflowObject workflow_object(const pipeline::Request& request, const pipeline::Promise& promise) {
  const auto slash = request.api_version.find('/');
  return pipeline::WorkflowObject{
      .workflow_type = "resource",
      .action = "configure",
      .promise_name = promise.name,
      .kind = request.kind,
      .group = request.api_version.substr(0, slash),
      .version = slash == std::string::npos ? "" : request.api_version.substr(slash + 1),
      .name = request.name,
      .namespace_ = request.namespace_,
      .plural = promise.api ? promise.api->plural : "",
      .object_yaml = request.object_yaml,
  };
}

pipeline::WorkflowObject promise_workflow_object(const pipeline::Promise& promise) {
  return pipeline::WorkflowObject{
      .workflow_type = "promise",
      .action = "configure",
      .promise_name = promise.name,
      .kind = "Promise",
      .group = "platform.kratix.io",
      .version = "v1alpha1",
      .name = promise.name,
      .namespace_ = "",
      .plural = "promises",
      .object_yaml = promise.object_yaml,
  };
}

// Runs a workflow when the Promise declares it; no pipelines means no outputs.
Result<std::vector<pipeline::PipelineResult>> run_workflow_if_any(const pipeline::Promise& promise,
                                                                  const std::string& workflow,
                                                                  const pipeline::WorkflowObject& object,
                                                                  pipeline::ContainerRuntime& runtime,
                                                                  const ReconcileOptions& options) {
  auto it = promise.workflows.find(workflow);
  if (it == promise.workflows.end()) return std::vector<pipeline::PipelineResult>{};
  spdlog::info("{}{}: running {} ({} pipelines)", object.namespace_.empty() ? "" : object.namespace_ + "/",
               object.name, workflow, it->second.size());
  pipeline::WorkflowOptions workflow_options;
  workflow_options.scratch_dir = options.scratch_dir;
  workflow_options.timeout = options.container_timeout;
  workflow_options.secrets = options.secrets;
  return pipeline::run_workflow(it->second, object, runtime, workflow_options);
}

// Commits every store's change of one request. Each store's commit is atomic; a failure part-way leaves
// earlier stores committed (multi-repository journalling is a later step, see docs/differences.md).
Status commit_plan(RequestPlan& plan, OpenStores& stores, RequestReport& report) {
  for (auto& [store_name, change] : plan.changes) {
    OpenStore& open = stores.at(store_name);
    std::lock_guard lock(open.write_mutex);
    auto outcome = open.store->apply(change);
    if (!outcome) return outcome.error();
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

// Turns a plan (or the error that prevented it) into the report, committing what it says.
RequestReport commit_and_report(RequestReport report, Result<RequestPlan>& plan, OpenStores& stores) {
  if (!plan) {
    report.result = RequestResult::failed;
    report.message = plan.error().render();
    return report;
  }
  if (!plan->pending_reason.empty()) {
    report.result = RequestResult::pending;
    report.message = plan->pending_reason;
    return report;
  }
  report.placements = plan->placements;
  if (Status committed = commit_plan(*plan, stores, report); !committed) {
    report.result = RequestResult::failed;
    report.message = committed.error().render();
    return report;
  }
  report.result = report.commits.empty() ? RequestResult::unchanged : RequestResult::succeeded;
  report.status_message = plan->status_message;
  if (plan->suspension) {
    report.result = RequestResult::suspended;
    report.message = describe(*plan->suspension);
  }
  return report;
}

RequestReport run_promise(const Platform& platform, const pipeline::Promise& promise,
                          pipeline::ContainerRuntime& runtime, OpenStores& stores, const ReconcileOptions& options) {
  RequestReport report{"Promise", promise.name, "", promise.name, {}, {}, {}, {}};
  auto plan = run_and_plan_promise(platform, promise, runtime, options);
  return commit_and_report(std::move(report), plan, stores);
}

// A request runs only once its Promise's own workflow and dependencies are in place (reference §5.2).
RequestReport run_request(const Platform& platform, const pipeline::Request& request, const RequestReport& promise,
                          pipeline::ContainerRuntime& runtime, OpenStores& stores, const PlacementIndex& index,
                          const ReconcileOptions& options) {
  RequestReport report{request.kind, request.name, request.namespace_, request.promise, {}, {}, {}, {}};
  if (promise.result == RequestResult::failed || promise.result == RequestResult::pending) {
    report.result = RequestResult::pending;
    report.message = "Promise " + request.promise + " is not available: " + promise.message;
    return report;
  }
  auto plan = run_and_plan(platform, request, runtime, index, options);
  return commit_and_report(std::move(report), plan, stores);
}

}  // namespace

Result<RequestPlan> run_and_plan_promise(const Platform& platform, const pipeline::Promise& promise,
                                         pipeline::ContainerRuntime& runtime, const ReconcileOptions& options) {
  auto results = run_workflow_if_any(promise, "promise.configure", promise_workflow_object(promise), runtime, options);
  if (!results) return results.error();
  return plan_promise(platform, promise, *results);
}

Result<RequestPlan> run_and_plan(const Platform& platform, const pipeline::Request& request,
                                 pipeline::ContainerRuntime& runtime, const PlacementIndex& index,
                                 const ReconcileOptions& options) {
  const pipeline::Promise& promise = *platform.promise(request.promise);
  auto results = run_workflow_if_any(promise, "resource.configure", workflow_object(request, promise), runtime, options);
  if (!results) return results.error();
  return plan_request(platform, request, promise, *results,
                      index.bundles_of(request.namespace_, request.promise, request.name));
}

StoreOpener local_store_opener(const std::filesystem::path& platform_root) {
  return [platform_root](const GitStateStore& store) -> Result<std::unique_ptr<writer::StateStore>> {
    auto path = resolve_store_path(store, platform_root);
    if (!path) return path.error();
    auto repo = writer::LocalGitRepo::open(*path, store.branch);
    if (!repo) return repo.error();
    return std::unique_ptr<writer::StateStore>(std::move(*repo));
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
  auto index = read_placement_index(platform, opened->views);
  if (!index) return index.error();
  RunReport run;
  run.promises.resize(platform.promises.size());
  run.requests.resize(platform.requests.size());
  std::map<std::string, const RequestReport*> promise_reports;
  tbb::task_arena arena(std::max(1, options.jobs));
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, platform.promises.size(), [&](std::size_t i) {
      run.promises[i] = run_promise(platform, platform.promises[i], runtime, stores, options);
    });
    for (const auto& p : run.promises) promise_reports[p.name] = &p;
    tbb::parallel_for(std::size_t{0}, platform.requests.size(), [&](std::size_t i) {
      const auto& request = platform.requests[i];
      run.requests[i] = run_request(platform, request, *promise_reports.at(request.promise), runtime, stores,
                                    *index, options);
    });
  });
  return run;
}

}  // namespace ferry::runner
