// What run_workflow (workflow.h) is given besides the pipelines and the runtime: the object a workflow
// runs for (what the KRATIX_* variables describe) and the options of a run (scratch directory, timeout,
// output caps, secrets, pipeline cache). Shared with cached_pipeline.h, which decides on caching from both.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

#include "pipeline/container_log.h"
#include "pipeline/pipeline_cache.h"
#include "pipeline/secrets.h"

namespace ferry::pipeline {

class PipelineApiHost;  // pipeline_api.h

// What the KRATIX_* variables describe: the object a workflow runs for.
struct WorkflowObject {
  std::string workflow_type;  // "resource" | "promise"
  std::string action;         // "configure" | "delete"
  std::string promise_name;
  std::string kind;
  std::string group;
  std::string version;
  std::string name;
  std::string namespace_;  // "" for promise workflows
  std::string plural;
  std::string object_yaml;  // written to /kratix/input/object.yaml
  // The status the object's last run left (YAML text; empty: none): fed back to its pipelines with the
  // object, as Kratix's reader writes the live object with its status (kratix-newer.md §1.4).
  std::string status_yaml = {};
  // `ferry plan`: every container gets KRATIX_DRY_RUN=true, as in Kratix's dry run (IsDryRun in
  // api/v1alpha1/pipeline_factory.go), so that a pipeline can leave out its side effects.
  bool dry_run = false;
  // The Promise's spec.workflows.config.pipelineNamespace ("" = none): where Kratix runs the pipeline's pod
  // (kratix-newer.md §7.1), so the namespace of its platform API (run/pipeline_api_host.h). KRATIX_* do not
  // change with it, as in Kratix.
  std::string pipeline_namespace = {};
};

// What one pipeline's /kratix/output may hold unless the command line says otherwise: outputs are
// untrusted, and a runaway pipeline must not fill the disk or a repository.
inline constexpr std::size_t kDefaultMaxOutputFiles = 10000;
inline constexpr std::size_t kDefaultMaxOutputBytes = std::size_t{64} << 20;

struct WorkflowOptions {
  std::filesystem::path scratch_dir;  // per-pipeline directories go below it (empty: the system temp dir)
  std::chrono::seconds timeout{600};  // per container
  std::size_t max_output_files = kDefaultMaxOutputFiles;  // per pipeline (--max-output-files)
  std::size_t max_output_bytes = kDefaultMaxOutputBytes;  // per pipeline, all files (--max-output-bytes)
  std::chrono::system_clock::time_point now = std::chrono::system_clock::now();  // for status timestamps
  const SecretSource* secrets = nullptr;  // resolves env valueFrom; none: such a container is an error
  // The pipeline cache (pipeline_cache.h, docs/pipeline-cache.md); none: every pipeline runs. With
  // cache_reads false (--force) pipelines run all the same and their results are stored.
  PipelineCache* cache = nullptr;
  bool cache_reads = true;
  // --allow-privileged: containers with securityContext.privileged: true may run; else they are refused.
  bool allow_privileged = false;
  // Receives the object's status as the workflow left it after each pipeline, a failed one included (the
  // failure's fields set, earlier pipelines' status.yaml kept); none: not wanted.
  std::string* status_out = nullptr;
  // Receives every container's output as it ends (container_log.h: masked, bounded); none: not wanted. A
  // pipeline served from the cache runs no container, so gives none.
  const ContainerLogSink* container_logs = nullptr;
  // Serves each Pipeline with `rbac` its platform API while its containers run (pipeline_api.h); none: no
  // pipeline gets one. A pipeline served an API is never cached: what it does through the API would not be
  // done again.
  PipelineApiHost* api = nullptr;
  // Receives, by pipeline, the requests made to each pipeline's platform API as it ends, a failed one
  // included (PipelineResult::api_requests has only those that succeeded); none: not wanted.
  std::map<std::string, std::uint64_t>* api_requests_out = nullptr;
};

}  // namespace ferry::pipeline
