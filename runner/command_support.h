// What every subcommand that runs pipelines needs: the log on stderr, the platform loaded (diagnostics
// printed), a scratch directory that is always removed.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/scratch_directory.h"
#include "pipeline/secrets.h"
#include "platform/loader.h"
#include "platform/platform.h"
#include "platform/platform_source.h"
#include "platform/store_access.h"
#include "run/reconcile.h"
#include "run/run_report.h"
#include "run/work_selection.h"
#include "runner/command_options.h"
#include "runtime/runtime.h"

namespace ferry::runner {

// spdlog writes to stderr, so stdout carries only the report: text lines unless --log-format chose before
// (runner/logging.h). Under GitHub Actions it also has every secret value resolved from now on announced
// with `::add-mask::` on stderr, before anything could print it.
void log_to_stderr();

// The platform a command reads: the platform argument and --platform-ref classified, and how its repository
// is reached (the command's store options; credentials from FERRY_PLATFORM_* variables).
struct CommandPlatform {
  PlatformSource source;
  PlatformAccess access;
};
Result<CommandPlatform> command_platform(const PlatformCommandOptions& platform,
                                         const StoreCommandOptions& stores);

// Loads the platform and makes the checks a run makes before any container starts (run/preflight.h): what
// `ferry validate`, `reconcile` and `plan` all read, so validate refuses what the others would.
// `recorded_state` (reconcile, plan; null for validate) is asked for the run's records only when a request's
// kind is served by no Promise: the records may show its Promise was removed (vanished_promise_requests.h).
// A state it cannot give is an error of the load; a null state (none recorded yet) excuses nothing.
// PromiseReleases get their bodies from `releases` (runner/command_releases.h; null: none fetched).
using RecordedStateSource = std::function<Result<writer::StateStore*>()>;
// Where the load cache of `state`'s recorded state lives (beside its lock: "<lock without
// .lock>.load-cache"), set in platform.access unless --full-load or --no-state; `read_only` for commands that
// write nothing.
void use_load_cache(CommandPlatform& platform, const StateCommandOptions& state, bool read_only);
LoadResult load_for_run(const CommandPlatform& platform, const RecordedStateSource& recorded_state = nullptr,
                        ReleaseSource* releases = nullptr);

// Loads the platform and prints its diagnostics to stderr; nullopt when there were errors (also said, with
// the directory or URL@ref read). PromiseReleases get their bodies from `releases` (explain: the state's
// cache alone); a release that did not install is printed as a warning there.
std::optional<Platform> load_or_report(const CommandPlatform& platform, ReleaseSource* releases = nullptr);

// The container runtime the options ask for (see runtime/runtime_factory.h).
Result<std::unique_ptr<runtime::ContainerRuntime>> make_runtime(const RuntimeCommandOptions& options);

// Where env valueFrom values come from: the directories given, then FERRY_SECRET_* / FERRY_CONFIGMAP_*
// environment variables (pipeline/secrets.h has the naming).
class CommandSecrets {
 public:
  explicit CommandSecrets(const RuntimeCommandOptions& options);
  const pipeline::SecretSource& source() const { return chain_; }

 private:
  pipeline::DirectorySecretSource directory_;
  pipeline::EnvironmentSecretSource environment_;
  pipeline::ChainedSecretSource chain_;
};

// The remote stores' cache when --store-cache-dir is not given: $XDG_CACHE_HOME/ferry/stores, else
// $HOME/.cache/ferry/stores, else <temp dir>/ferry-stores. `env` reads a variable (getenv by default).
std::filesystem::path default_store_cache_dir(
    const std::function<std::optional<std::string>(const char*)>& env = nullptr);

// The pipeline cache when --pipeline-cache-dir is not given: default_store_cache_dir's rules with
// "pipelines" for "stores" ($XDG_CACHE_HOME/ferry/pipelines, ...).
std::filesystem::path default_pipeline_cache_dir(
    const std::function<std::optional<std::string>(const char*)>& env = nullptr);

// Where reconcile keeps container logs when --logs-dir is not given (docs/logs.md): default_store_cache_dir's
// rules with "logs" for "stores" ($XDG_CACHE_HOME/ferry/logs, ...).
std::filesystem::path default_container_logs_dir(
    const std::function<std::optional<std::string>(const char*)>& env = nullptr);

// The StoreAccess of a run: the options, the platform root, and `secrets` for spec.secretRef.
StoreAccess store_access(const StoreCommandOptions& options, const Platform& platform,
                         const pipeline::SecretSource& secrets);

// The one line an interrupted reconcile ends with on stderr (docs/reliability.md, "Interrupts"):
// "ferry: interrupted by SIGINT; 3 requests not run; 1 commit kept; the state was not recorded, so the next
// run redoes this run's work". Counts Promises too when some were not run.
std::string interrupted_summary(const RunReport& report, bool state_enabled);

// The scratch directory of one run, <parent>/ferry-<pid>-XXXXXX (core/scratch_directory.h): created on
// entry, removed with everything in it on every exit path. Throws std::filesystem::filesystem_error when it
// cannot be made.
class RunScratchDirectory : public ferry::ScratchDirectory {
 public:
  explicit RunScratchDirectory(const std::string& parent);  // "" = the system temp directory
};

// The directory of the pipeline cache (--pipeline-cache-dir, else the default); "" with --no-pipeline-cache.
std::string pipeline_cache_dir(const RuntimeCommandOptions& run);

// How a command runs pipelines, from its runtime options: scratch directory, timeout, secrets, output
// limits and the pipeline cache, whose warnings are logged (the jobs, state and the rest are the command's).
ReconcileOptions pipeline_options(const RuntimeCommandOptions& run, const std::filesystem::path& scratch,
                                  const pipeline::SecretSource& secrets, int jobs = 1);

// What an incremental run selects (work_selection.h) by the --force and --reconciliation-interval options,
// with now as the run's clock.
SelectionOptions selection_options(const StateCommandOptions& options);
// --max-deletions as the run takes it: nullopt when not given.
std::optional<std::size_t> max_deletions(const StateCommandOptions& options);
// --max-upgrades as the run takes it: nullopt when not given.
std::optional<std::size_t> max_upgrades(const StateCommandOptions& options);

}  // namespace ferry::runner
