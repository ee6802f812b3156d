// ferry's subcommands: their options and entry points, each defined in its <name>_command.cpp (run_version
// in reconcile_command.cpp) and listed in the table of cli.cpp: options in, exit code out.
#pragma once

#include <string>

namespace ferry::runner {

// How pipelines are run, shared by every subcommand that runs them.
struct RuntimeCommandOptions {
  std::string runtime = "auto";   // auto | docker | podman | oci | exec
  std::string podman = "podman";  // the podman executable
  std::string docker = "docker";  // the docker executable
  std::string exec_config = "ferry-exec.yaml";  // image -> host command map of the exec runtime
  int timeout_seconds = 600;
  std::string scratch_dir;  // default: a fresh directory under the system temp directory
  std::string secrets_dir;      // <dir>/<secret>/<key> files for env valueFrom.secretKeyRef
  std::string config_maps_dir;  // <dir>/<configmap>/<key> files for env valueFrom.configMapKeyRef
  std::size_t max_output_files = 10000;        // pipeline::kDefaultMaxOutputFiles
  std::size_t max_output_bytes = 64u << 20;    // pipeline::kDefaultMaxOutputBytes
  std::string pipeline_cache_dir;  // "" = $XDG_CACHE_HOME/ferry/pipelines (docs/pipeline-cache.md)
  bool no_pipeline_cache = false;  // --no-pipeline-cache: every pipeline runs, nothing is stored
  bool pipeline_cache_reads = true;  // false with --force: pipelines run, and their results are stored
};

// How state stores are reached, shared by every subcommand that opens them (docs/stores.md).
struct StoreCommandOptions {
  std::string cache_dir;  // remote stores' fetch caches; "" = $XDG_CACHE_HOME/ferry/stores or ~/.cache/...
  std::string ca_bundle;  // PEM file of extra CAs trusted for https:// stores
  bool allow_insecure_http = false;  // accept plain http:// store URLs
};

// Incremental runs (docs/state.md): where the recorded state lives and what overrides it.
struct StateCommandOptions {
  std::string state_dir;  // "" = <platform>/.ferry/state.git (state_access.h)
  std::string state_branch;  // --state-branch: "" = the default of state_access.h state_location
  bool no_state = false;  // run everything, record nothing
  bool force = false;     // run everything, record what was done
  std::string reconciliation_interval = "10h";  // a Go duration, as Kratix's reconciliationInterval
  std::string shard = "1/1";  // --shard I/N: which requests this CI job takes (run/shard.h)
  bool restore_drift = false;  // --restore-drift: rerun what someone else changed (run/drift_check.h)
  bool no_drift_check = false;  // --no-drift-check: read no store history (no drift, no recovery)
  int max_deletions = -1;     // --max-deletions N; -1: not given, the guard's defaults (run/deletion_guard.h)
};

struct ReconcileCommandOptions {
  std::string platform_dir = ".";  // a directory, or a Git URL / repository (platform/platform_source.h)
  std::string platform_ref;         // --platform-ref: the branch read from Git ("" = main)
  std::string output = "text";  // text | json
  int jobs = 2;
  StateCommandOptions state;
  std::string metrics_file;  // Prometheus textfile metrics of the run, replaced atomically ("" = none)
  RuntimeCommandOptions run;
  StoreCommandOptions stores;
};

// `ferry plan`: reconcile on in-memory copies of the stores (writer/planning_store.h); prints each object's
// outcome and every Destination's file diff, writes nothing (no commit, no state record).
struct PlanCommandOptions {
  std::string platform_dir = ".";  // a directory, or a Git URL / repository (platform/platform_source.h)
  std::string platform_ref;         // --platform-ref: the branch read from Git ("" = main)
  std::string output = "text";  // text | json
  int jobs = 2;
  StateCommandOptions state;       // the recorded state is read (never locked or written) to skip unchanged work
  bool detailed_exitcode = false;  // exit 2 when something would change
  RuntimeCommandOptions run;
  StoreCommandOptions stores;
};

struct ExplainCommandOptions {
  std::string platform_dir = ".";  // a directory, or a Git URL / repository (platform/platform_source.h)
  std::string platform_ref;         // --platform-ref: the branch read from Git ("" = main)
  std::string request;  // NAMESPACE/NAME
  std::string promise;  // NAME
  std::string output = "text";
  RuntimeCommandOptions run;
  StoreCommandOptions stores;
};

// `ferry validate`: loads and checks the platform as reconcile does before running anything; runs nothing,
// writes nothing. Exit 0 valid, 1 errors.
struct ValidateCommandOptions {
  std::string platform_dir = ".";  // a directory, or a Git URL / repository (platform/platform_source.h)
  std::string platform_ref;         // --platform-ref: the branch read from Git ("" = main)
  std::string output = "text";  // text | json
  StoreCommandOptions stores;   // how a Git platform is reached
};

// `ferry status`: what the recorded state says (run_state.h), read without the state lock, so it works
// while a reconcile runs. Exit 0 shown, 1 no recorded state or no such object.
struct StatusCommandOptions {
  std::string platform_dir = ".";  // a directory, or a Git URL / repository (platform/platform_source.h)
  std::string platform_ref;         // --platform-ref: the branch read from Git ("" = main)
  std::string object;     // "" = every Promise and request; NAMESPACE/NAME a request; NAME a Promise
  std::string state_dir;  // "" = the default of state_access.h state_location
  std::string state_branch;     // --state-branch, as for reconcile
  std::string output = "text";  // text | json
  StoreCommandOptions stores;   // how a Git platform, or remote state, is reached
};

// `ferry test pipeline` (runner/test_pipeline_command.cpp): one workflow of one Promise on one object, its
// results written to out_dir; no Git, no state. Exit 0 ran, 3 workflow failed, 1 bad input, 2 command line.
struct TestPipelineCommandOptions {
  std::string promise_file;
  std::string input_file;  // "" only for promise workflows (the Promise itself)
  std::string workflow = "resource.configure";
  std::string out_dir = "ferry-test-output";
  bool overwrite = false;  // replace a non-empty out_dir
  RuntimeCommandOptions run;
};

int run_reconcile(const ReconcileCommandOptions& options);
int run_plan(const PlanCommandOptions& options);
int run_explain(const ExplainCommandOptions& options);
int run_validate(const ValidateCommandOptions& options);
int run_status(const StatusCommandOptions& options);
int run_test_pipeline(const TestPipelineCommandOptions& options);
int run_version();

}  // namespace ferry::runner
