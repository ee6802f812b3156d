// The option groups several subcommands share: which platform they read, how pipelines are run, how state
// stores are reached, and where an incremental run's recorded state lives. Plain values, filled by the
// command line (cli.cpp).
#pragma once

#include <cstddef>
#include <string>

namespace ferry::runner {

// Which platform a subcommand reads: every subcommand but `test pipeline` takes it.
struct PlatformCommandOptions {
  std::string dir = ".";  // a directory, or a Git URL / repository (platform/platform_source.h)
  std::string ref;        // --platform-ref: the branch read from Git ("" = main)
};

// How pipelines are run, shared by every subcommand that runs them.
struct RuntimeCommandOptions {
  std::string runtime = "auto";                 // auto | docker | podman | oci | exec
  std::string podman = "podman";                // the podman executable
  std::string docker = "docker";                // the docker executable
  std::string exec_config = "ferry-exec.yaml";  // image -> host command map of the exec runtime
  int timeout_seconds = 600;
  std::string scratch_dir;               // default: a fresh directory under the system temp directory
  std::string secrets_dir;               // <dir>/<secret>/<key> files for env valueFrom.secretKeyRef
  std::string config_maps_dir;           // <dir>/<configmap>/<key> files for env valueFrom.configMapKeyRef
  std::size_t max_output_files = 10000;  // pipeline::kDefaultMaxOutputFiles
  std::size_t max_output_bytes = 64u << 20;  // pipeline::kDefaultMaxOutputBytes
  std::string pipeline_cache_dir;            // "" = $XDG_CACHE_HOME/ferry/pipelines (docs/pipeline-cache.md)
  bool allow_privileged = false;             // --allow-privileged: securityContext.privileged may be true
  bool no_pipeline_cache = false;            // --no-pipeline-cache: every pipeline runs, nothing is stored
  bool pipeline_cache_reads = true;  // false with --force: pipelines run, and their results are stored
  bool no_network =
      false;  // --no-network (reconcile, plan): no container gets a network (reconcile_options.h)
};

// How state stores are reached, shared by every subcommand that opens them (docs/stores.md).
struct StoreCommandOptions {
  std::string cache_dir;  // remote stores' fetch caches; "" = $XDG_CACHE_HOME/ferry/stores or ~/.cache/...
  std::string ca_bundle;  // PEM file of extra CAs trusted for https:// stores
  bool allow_insecure_http = false;  // accept plain http:// store and PromiseRelease URLs
  std::string release_ca_file;       // PEM file of extra CAs trusted for https:// PromiseRelease URLs
};

// Incremental runs (docs/state.md): where the recorded state lives and what overrides it.
struct StateCommandOptions {
  std::string state_dir;     // "" = <platform>/.ferry/state.git (state_access.h)
  std::string state_branch;  // --state-branch: "" = the default of state_access.h state_location
  bool no_state = false;     // run everything, record nothing
  bool force = false;        // run everything, record what was done
  std::string reconciliation_interval = "10h";  // a Go duration, as Kratix's reconciliationInterval
  std::string shard = "1/1";                    // --shard I/N: which requests this CI job takes (run/shard.h)
  bool restore_drift = false;   // --restore-drift: rerun what someone else changed (run/drift_check.h)
  bool no_drift_check = false;  // --no-drift-check: read no store history (no drift, no recovery)
  bool no_status = false;       // --no-status: record, publish and feed back no status (docs/status.md)
  bool full_load = false;       // --full-load: parse every platform file, the load cache unused
  int max_deletions = -1;  // --max-deletions N; -1: not given, the guard's defaults (run/deletion_guard.h)
  int max_upgrades = -1;   // --max-upgrades N; -1: not given, every upgrade runs (run/upgrades.h)
};

}  // namespace ferry::runner
