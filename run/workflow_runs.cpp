#include "run/workflow_runs.h"

#include <spdlog/spdlog.h>

#include "run/container_log_store.h"
#include "run/pipeline_api_host.h"

namespace ferry::runner {
namespace {

// Replaces the object's kept logs with this run's, when logs are kept and a container ran (a workflow
// served from the pipeline cache keeps the logs of the run that made the entry). A failure to keep them
// fails nothing: it is a warning.
void keep_logs(const pipeline::WorkflowObject& object, const std::vector<pipeline::ContainerLog>& logs,
               const ReconcileOptions& options) {
  if (options.container_logs_dir.empty() || logs.empty()) return;
  const LoggedObject logged{object.namespace_, object.promise_name, object.name};
  if (Status kept = keep_container_logs(options.container_logs_dir, logged, logs); !kept)
    spdlog::warn("container logs not kept: {}", kept.error().message);
}

}  // namespace

pipeline::WorkflowObject request_workflow_object(const pipeline::Request& request,
                                                 const pipeline::Promise& promise,
                                                 const std::string& action) {
  const auto slash = request.api_version.find('/');
  return pipeline::WorkflowObject{
      .workflow_type = "resource",
      .action = action,
      .promise_name = promise.name,
      .kind = request.kind,
      .group = request.api_version.substr(0, slash),
      .version = slash == std::string::npos ? "" : request.api_version.substr(slash + 1),
      .name = request.name,
      .namespace_ = request.namespace_,
      .plural = promise.api ? promise.api->plural : "",
      .object_yaml = request.object_yaml,
      .pipeline_namespace = promise.controls.pipeline_namespace,
  };
}

pipeline::WorkflowObject promise_workflow_object(const pipeline::Promise& promise,
                                                 const std::string& action) {
  return pipeline::WorkflowObject{
      .workflow_type = "promise",
      .action = action,
      .promise_name = promise.name,
      .kind = "Promise",
      .group = "platform.kratix.io",
      .version = "v1alpha1",
      .name = promise.name,
      .namespace_ = "",
      .plural = "promises",
      .object_yaml = promise.object_yaml,
      .pipeline_namespace = promise.controls.pipeline_namespace,
  };
}

Result<std::vector<pipeline::PipelineResult>> run_workflow_if_any(
    const pipeline::Promise& promise, const std::string& workflow, const pipeline::WorkflowObject& object,
    runtime::ContainerRuntime& runtime, const ReconcileOptions& options, StatusFeed* feed) {
  auto it = promise.workflows.find(workflow);
  if (it == promise.workflows.end() || it->second.empty()) return std::vector<pipeline::PipelineResult>{};
  const std::string who = (object.namespace_.empty() ? "" : object.namespace_ + "/") + object.name;
  std::vector<pipeline::Pipeline> pipelines = it->second;
  if (object.action == "delete" && pipelines.size() > 1) {
    spdlog::warn("{}: {} lists {} pipelines; only the first, \"{}\", runs (as in Kratix)", who, workflow,
                 pipelines.size(), pipelines.front().name);
    pipelines.resize(1);
  }
  // --no-network: every container runs without a network, whatever its Pipeline's annotation says.
  if (options.no_network) {
    for (pipeline::Pipeline& each : pipelines) each.network = false;
  }
  spdlog::info("{}: running {} ({} pipelines)", who, workflow, pipelines.size());
  pipeline::WorkflowOptions workflow_options;
  workflow_options.scratch_dir = options.scratch_dir;
  workflow_options.timeout = options.container_timeout;
  workflow_options.max_output_files = options.max_output_files;
  workflow_options.max_output_bytes = options.max_output_bytes;
  workflow_options.allow_privileged = options.allow_privileged;
  workflow_options.secrets = options.secrets;
  // An incremental run has one clock: status timestamps and a suspension's retry time use it, so the
  // next run's decision (work_selection.cpp) compares times from the same clock.
  if (options.state) workflow_options.now = options.selection.now;
  workflow_options.cache = options.pipeline_cache.get();
  workflow_options.cache_reads = options.pipeline_cache_reads;
  workflow_options.status_out = feed ? &feed->after : nullptr;
  workflow_options.api_requests_out = feed ? &feed->api_requests : nullptr;
  std::vector<pipeline::ContainerLog> logs;
  const pipeline::ContainerLogSink sink = [&](const pipeline::ContainerLog& log) {
    if (options.show_container_log) options.show_container_log(who, log);
    logs.push_back(log);
  };
  workflow_options.container_logs = &sink;
  workflow_options.api = options.api;
  pipeline::WorkflowObject run_object = object;
  if (feed) run_object.status_yaml = feed->previous;
  run_object.dry_run = options.dry_run;  // `ferry plan`: KRATIX_DRY_RUN=true in every container
  auto results = pipeline::run_workflow(pipelines, run_object, runtime, workflow_options);
  keep_logs(object, logs, options);
  if (!results) return results;
  for (const pipeline::PipelineResult& result : *results) {
    if (result.from_cache)
      spdlog::info("{}: pipeline \"{}\" served from the pipeline cache", who, result.pipeline);
  }
  return results;
}

}  // namespace ferry::runner
