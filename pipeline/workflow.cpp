// run_workflow: the pipelines of one workflow, one after another, each in a fresh scratch directory that
// holds the host side of /kratix/input, /kratix/output and /kratix/metadata (reference §2.1, §2.2, §2.5).
#include "pipeline/workflow.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <sstream>
#include <thread>

#include "core/file_text.h"
#include "core/message_text.h"
#include "core/scratch_directory.h"
#include "core/secret_values.h"
#include "core/yaml_document.h"
#include "pipeline/cached_pipeline.h"
#include "pipeline/pipeline_api.h"
#include "pipeline/pull_auth.h"
#include "pipeline/volume_staging.h"
#include "pipeline/workflow_api_access.h"
#include "pipeline/workflow_status.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

constexpr std::size_t kLogTailLines = 20;

// A pipeline's scratch directory (core/scratch_directory.h) with input/, output/ and metadata/, removed with
// everything in it when it goes out of scope, whether the pipeline succeeded or not. Its path is absolute:
// the containers mount its subdirectories.
class PipelineScratch {
 public:
  // `parent` empty: the system's temporary directory.
  static Result<PipelineScratch> create(const fs::path& parent) {
    std::error_code ec;
    const fs::path base = parent.empty() ? parent : fs::absolute(parent, ec);
    std::optional<ScratchDirectory> dir;
    if (!ec) dir = ScratchDirectory::create(base, "ferry-", ec);
    if (!dir) {
      return make_error("cannot create scratch directory " + (base / "ferry-XXXXXX").string() + ": " +
                        ec.message());
    }
    for (const char* sub : {"input", "output", "metadata"}) {
      if (!ec) fs::create_directory(dir->path() / sub, ec);
    }
    // Writable by any user, as a Kubernetes emptyDir is (mode 0777), so that a container with
    // securityContext.runAsUser can write its output; the scratch directory itself is ferry's alone (0700).
    for (const char* sub : {"output", "metadata"}) {
      if (!ec) fs::permissions(dir->path() / sub, fs::perms::all, ec);
    }
    if (ec)
      return make_error("cannot create scratch directory " + dir->path().string() + ": " + ec.message());
    return PipelineScratch(std::move(*dir));
  }
  fs::path path(const char* sub) const { return dir_.path() / sub; }
  const fs::path& root() const { return dir_.path(); }

 private:
  explicit PipelineScratch(ScratchDirectory dir) : dir_(std::move(dir)) {}
  ScratchDirectory dir_;
};

// `attempts`: how many times the container was started (1 + its retries, jobOptions.backoffLimit).
std::string container_failure(const Pipeline& pipeline, const Container& container,
                              const runtime::ContainerExit& exit, std::chrono::seconds timeout,
                              int attempts) {
  std::string text = "pipeline \"" + pipeline.name + "\" container \"" + container.name + "\" (image " +
                     container.image + ") ";
  text += exit.timed_out ? "timed out after " + std::to_string(timeout.count()) + "s"
                         : "exited with code " + std::to_string(exit.exit_code);
  if (!exit.reason.empty()) text += " (" + exit.reason + ")";
  if (pipeline.backoff_limit > 0) {
    text += " after " + std::to_string(attempts) + (attempts == 1 ? " attempt" : " attempts") +
            " (jobOptions.backoffLimit " + std::to_string(pipeline.backoff_limit) +
            ", for the whole pipeline)";
  }
  const std::string tail = last_lines(exit.log, kLogTailLines);
  return tail.empty() ? text + " and wrote no log" : text + "; last lines of its log:\n" + tail;
}

// Appends the container's own env after the KRATIX_* variables, resolving valueFrom references. The names
// of resolved values are collected: logs are redacted of their values, and the cache key hashes them.
Status add_container_env(const Container& container, const SecretSource* secrets,
                         std::vector<runtime::EnvVar>& env, std::vector<std::string>& secret_names) {
  for (const EnvVar& var : container.env) {
    if (!var.value_from) {
      env.push_back(runtime::EnvVar{var.name, var.value});
      continue;
    }
    if (!secrets)
      return make_error(var.value_from->where,
                        "env \"" + var.name + "\" uses valueFrom, but no secret source is set");
    auto value = resolve_secret(*var.value_from, *secrets);
    if (!value) return value.error();
    if (!*value) continue;  // an optional reference with no value leaves the variable unset
    secret_names.push_back(var.name);
    env.push_back(runtime::EnvVar{var.name, **value});
  }
  return ok();
}

std::vector<std::string> secret_values(const KeyedContainer& container) {
  std::vector<std::string> values = container.masked_values;
  for (const runtime::EnvVar& var : container.run.env) {
    const auto& names = container.secret_names;
    if (std::find(names.begin(), names.end(), var.name) != names.end()) values.push_back(var.value);
  }
  return values;
}

std::string container_prefix(const Pipeline& pipeline, const Container& container) {
  return "pipeline \"" + pipeline.name + "\" container \"" + container.name + "\": ";
}

// securityContext.privileged: true gives the container every capability and the host's devices; ferry
// refuses it unless the run allows it (--allow-privileged).
Status check_privileged(const Container& container, const WorkflowOptions& options) {
  if (!container.security_context || container.security_context->privileged != true ||
      options.allow_privileged)
    return ok();
  return make_error(container.security_context->where,
                    "securityContext.privileged: true gives the container every capability and the host's "
                    "devices; ferry refuses it unless run with --allow-privileged");
}

// The container's envFrom variables first, then the KRATIX_* ones, then its env, as Kubernetes orders them
// (a later name wins); its volumes' mounts after the /kratix ones.
Status add_container_inputs(const Pipeline& pipeline, const Container& container,
                            const WorkflowObject& object, const StagedVolumes& volumes,
                            const WorkflowOptions& options, KeyedContainer& keyed) {
  if (Status from = add_env_from(container, options.secrets, keyed.run.env, keyed.secret_names); !from)
    return from;
  const std::vector<runtime::EnvVar> kratix = kratix_env(object, pipeline.name);
  keyed.run.env.insert(keyed.run.env.end(), kratix.begin(), kratix.end());
  if (Status env = add_container_env(container, options.secrets, keyed.run.env, keyed.secret_names); !env)
    return env;
  auto mounts = volumes.mounts_for(container);
  if (!mounts) return mounts.error();
  keyed.run.mounts.insert(keyed.run.mounts.end(), mounts->begin(), mounts->end());
  keyed.volume_inputs = volumes.key_inputs(container);
  keyed.masked_values = volumes.secret_values();
  return ok();
}

// What each container of the pipeline is run with, secrets resolved and volumes staged in `scratch`.
Result<std::vector<KeyedContainer>> prepare_runs(const Pipeline& pipeline, const WorkflowObject& object,
                                                 const PipelineScratch& scratch,
                                                 const runtime::ContainerRuntime& runtime,
                                                 const WorkflowOptions& options) {
  const std::vector<runtime::Mount> mounts = {{scratch.path("input"), "/kratix/input", true},
                                              {scratch.path("output"), "/kratix/output", false},
                                              {scratch.path("metadata"), "/kratix/metadata", false}};
  auto volumes = StagedVolumes::stage(pipeline, scratch.path("volumes"), options.secrets);
  if (!volumes)
    return Error{"pipeline \"" + pipeline.name + "\": " + volumes.error().message, volumes.error().where};
  auto auth = runtime.pulls_images() ? stage_pull_auth(pipeline, scratch.path("pull-auth"), options.secrets)
                                     : Result<fs::path>(fs::path());
  if (!auth) return Error{"pipeline \"" + pipeline.name + "\": " + auth.error().message, auth.error().where};
  std::vector<KeyedContainer> runs;
  for (const Container& container : pipeline.containers) {
    runtime::ContainerRun run{pipeline.name + "/" + container.name,
                              container.image,
                              container.command,
                              container.args,
                              {},
                              mounts,
                              options.timeout,
                              container.pull_policy,
                              pipeline.network,
                              *auth,
                              container.resources,
                              container.security_context};
    if (Status allowed = check_privileged(container, options); !allowed) {
      return Error{container_prefix(pipeline, container) + allowed.error().message, allowed.error().where};
    }
    KeyedContainer keyed{std::move(run), "", {}};
    if (Status inputs = add_container_inputs(pipeline, container, object, *volumes, options, keyed);
        !inputs) {
      return Error{container_prefix(pipeline, container) + inputs.error().message, inputs.error().where};
    }
    runs.push_back(std::move(keyed));
  }
  return runs;
}

// Runs the pipeline's containers in order; the first one that cannot run, exits non-zero or leaves a
// refused /kratix/output stops it. A delete workflow's output is never read (§2.10), so not checked.
// A container that exits non-zero is started again, in the same scratch directory, while the pipeline's
// jobOptions.backoffLimit allows (`retries` counts the restarts): a Job with restartPolicy OnFailure
// restarts a failed container in the same Pod, its emptyDir volumes kept. One ferry killed (--timeout, an
// interrupt) or that could not start is not retried.
Result<runtime::ContainerExit> run_with_retries(const Pipeline& pipeline, const Container& container,
                                                const KeyedContainer& keyed,
                                                runtime::ContainerRuntime& runtime,
                                                const WorkflowOptions& options, int& retries) {
  for (int attempt = 1;; ++attempt) {
    auto exit = runtime.run(keyed.run);
    if (exit) exit->log = redact(exit->log, secret_values(keyed));
    if (exit && options.container_logs) {  // every attempt's output, masked and bounded
      (*options.container_logs)(
          ContainerLog{pipeline.name, container.name, bounded_container_log(masked_secrets(exit->log))});
    }
    if (!exit) {
      return make_error("pipeline \"" + pipeline.name + "\" container \"" + container.name + "\" (image " +
                        container.image + ") could not be run: " + exit.error().render());
    }
    if (exit->exit_code == 0 && !exit->timed_out) return exit;
    if (exit->timed_out || retries >= pipeline.backoff_limit) {
      return make_error(container_failure(pipeline, container, *exit, options.timeout, attempt));
    }
    ++retries;
  }
}

Status run_containers(const Pipeline& pipeline, const std::vector<KeyedContainer>& runs, bool output_read,
                      const PipelineScratch& scratch, runtime::ContainerRuntime& runtime,
                      const WorkflowOptions& options, int& retries) {
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const Container& container = pipeline.containers[i];
    if (auto exit = run_with_retries(pipeline, container, runs[i], runtime, options, retries); !exit)
      return exit.error();
    if (!output_read) continue;
    if (Status output =
            check_container_output(scratch.path("output"), options, container_prefix(pipeline, container));
        !output) {
      return output;
    }
  }
  return ok();
}

// The pipeline's files from the cache when its key is stored there (a hit), else from running it.
Result<bool> run_or_restore(const Pipeline& pipeline, const WorkflowObject& object,
                            const std::vector<KeyedContainer>& runs, const std::optional<std::string>& key,
                            const PipelineScratch& dir, runtime::ContainerRuntime& runtime,
                            const WorkflowOptions& options, int& retries) {
  if (key && options.cache_reads) {
    auto files = options.cache->load(*key);
    if (files && restore_produced_files(*files, dir.path("output"), dir.path("metadata"))) return true;
  }
  const bool output_read = object.action != "delete";
  if (Status ran = run_containers(pipeline, runs, output_read, dir, runtime, options, retries); !ran)
    return ran.error();
  return false;
}

// Reads metadata/destination-selectors.yaml, or the spelling of sdk/contract.md
// (destination_selectors.yaml); both at once is an error, neither is no entries.
Result<std::vector<SelectorEntry>> read_selectors(const fs::path& metadata, const std::string& pipeline) {
  auto hyphen = read_metadata_file(metadata, "destination-selectors.yaml", pipeline);
  if (!hyphen) return hyphen.error();
  auto underscore = read_metadata_file(metadata, "destination_selectors.yaml", pipeline);
  if (!underscore) return underscore.error();
  const std::string prefix = "pipeline \"" + pipeline + "\": ";
  if (*hyphen && *underscore) {
    return make_error(prefix +
                      "both /kratix/metadata/destination-selectors.yaml and destination_selectors.yaml "
                      "exist: write only destination-selectors.yaml");
  }
  if (!*hyphen && !*underscore) return std::vector<SelectorEntry>{};
  const std::string shown = std::string("/kratix/metadata/") +
                            (*hyphen ? "destination-selectors.yaml" : "destination_selectors.yaml");
  auto entries = parse_destination_selectors(hyphen->value_or(underscore->value_or("")), shown);
  if (!entries) return Error{prefix + entries.error().message, entries.error().where};
  return entries;
}

// The older API's /kratix/metadata/cluster-selectors.yaml, when the pipeline wrote one.
Result<std::optional<Labels>> read_cluster_selectors(const fs::path& metadata, const std::string& pipeline) {
  auto text = read_metadata_file(metadata, "cluster-selectors.yaml", pipeline);
  if (!text) return text.error();
  if (!*text) return std::optional<Labels>{};
  auto labels = parse_cluster_selectors(**text, "/kratix/metadata/cluster-selectors.yaml");
  if (!labels) return Error{"pipeline \"" + pipeline + "\": " + labels.error().message, labels.error().where};
  return std::optional<Labels>{std::move(*labels)};
}

// The pipeline's platform API when it has `rbac` and the run serves one (pipeline_api.h), its reach put
// on every container; none otherwise.
Result<std::unique_ptr<PipelineApiSession>> start_api(const Pipeline& pipeline, const WorkflowObject& object,
                                                      const PipelineScratch& scratch,
                                                      PipelineObjectAccess& access,
                                                      const WorkflowOptions& options,
                                                      std::vector<KeyedContainer>& runs) {
  if (options.api == nullptr || !serves_platform_api(pipeline)) return std::unique_ptr<PipelineApiSession>();
  auto session = options.api->start(pipeline, object, scratch.root(), access);
  if (!session) {
    return Error{
        "pipeline \"" + pipeline.name + "\": cannot serve its platform API: " + session.error().message,
        session.error().where};
  }
  for (KeyedContainer& keyed : runs) add_api_reach((*session)->reach(), keyed.run);
  return session;
}

// One pipeline in its own scratch directory. Delete workflows have no work-writer (§2.10): their output
// is not collected.
Result<PipelineResult> run_pipeline(const Pipeline& pipeline, bool is_last, const WorkflowObject& object,
                                    WorkflowStatus& status, runtime::ContainerRuntime& runtime,
                                    const WorkflowOptions& options) {
  auto scratch = PipelineScratch::create(options.scratch_dir);
  if (!scratch) return scratch.error();
  const PipelineScratch& dir = *scratch;
  const std::string object_text = status.object_for_next_pipeline(object.object_yaml);
  if (Status written = write_file_bytes(dir.path("input") / "object.yaml", object_text); !written) {
    return written.error();
  }
  auto runs = prepare_runs(pipeline, object, dir, runtime, options);
  if (!runs) return runs.error();
  WorkflowApiAccess api_access(status, object.object_yaml);  // outlives the session
  auto api = start_api(pipeline, object, dir, api_access, options, *runs);
  if (!api) return api.error();
  const auto key =
      *api ? std::nullopt
           : pipeline_cache_key_for(pipeline, object, status.object_for_cache_key(object.object_yaml), *runs,
                                    runtime, options);
  int retries = 0;
  auto from_cache = run_or_restore(pipeline, object, *runs, key, dir, runtime, options, retries);
  PipelineResult result;
  if (*api) {  // stopped after the last container: nothing writes the status from here on
    result.api_served = true;
    result.api_requests = (*api)->requests();
    if (options.api_requests_out) (*options.api_requests_out)[pipeline.name] += result.api_requests;
    api->reset();
  }
  if (!from_cache) return from_cache.error();
  result.container_retries = retries;
  result.pipeline = pipeline.name;
  result.from_cache = *from_cache;
  auto suspension = status.after_pipeline(dir.path("metadata"), pipeline.name, is_last);
  if (!suspension) return suspension.error();
  result.suspension = std::move(*suspension);
  result.status_yaml = status.status_yaml();
  result.message = status.message();
  // Kratix writes no Work for a suspended pipeline, and delete workflows have no work-writer (§2.8, §2.10).
  if (result.suspension || object.action == "delete") return result;
  auto entries = read_selectors(dir.path("metadata"), pipeline.name);
  if (!entries) return entries.error();
  auto groups = collect_output_groups(dir.path("output"), *entries, options, pipeline.name);
  if (!groups) return groups.error();
  result.groups = std::move(*groups);
  auto cluster_selectors = read_cluster_selectors(dir.path("metadata"), pipeline.name);
  if (!cluster_selectors) return cluster_selectors.error();
  result.cluster_selectors = std::move(*cluster_selectors);
  if (key && !result.from_cache) {
    auto produced = produced_files(dir.path("output"), dir.path("metadata"));
    // The cache is ferry's own record: what holds a secret value is not kept there (docs/pipeline-cache.md).
    if (!holds_secret_value(produced)) options.cache->store(*key, produced);
  }
  return result;
}

// The object's last recorded status; text that is not one YAML map reads as none.
YAML::Node previous_status(const WorkflowObject& object) {
  if (object.status_yaml.empty()) return YAML::Node();
  auto documents = parse_yaml_stream(object.status_yaml, "recorded status");
  if (!documents || documents->size() != 1) return YAML::Node();
  return documents->front().node;
}

}  // namespace

Result<std::vector<PipelineResult>> run_workflow(const std::vector<Pipeline>& pipelines,
                                                 const WorkflowObject& object,
                                                 runtime::ContainerRuntime& runtime,
                                                 const WorkflowOptions& options) {
  std::vector<PipelineResult> results;
  std::vector<std::string> names;
  for (const Pipeline& pipeline : pipelines) names.push_back(pipeline.name);
  WorkflowStatus status(object.workflow_type, object.action, options.now, previous_status(object), names);
  for (std::size_t i = 0; i < pipelines.size(); ++i) {
    status.begin_pipeline(i);
    auto result = run_pipeline(pipelines[i], i + 1 == pipelines.size(), object, status, runtime, options);
    if (!result) status.fail_pipeline();
    if (options.status_out) *options.status_out = status.status_yaml();
    if (!result) return result.error();
    results.push_back(std::move(*result));
    if (results.back().suspension) break;  // later pipelines wait for the suspension to end
  }
  return results;
}

}  // namespace ferry::pipeline
