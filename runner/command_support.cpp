#include "runner/command_support.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "core/secret_values.h"
#include "pipeline/duration.h"
#include "platform/loader.h"
#include "platform/store_access.h"
#include "run/preflight.h"
#include "run/state_access.h"
#include "run/vanished_promise_requests.h"
#include "runner/github.h"
#include "runner/logging.h"
#include "runner/report.h"
#include "runtime/interrupt.h"
#include "runtime/runtime_factory.h"

namespace ferry::runner {
namespace fs = std::filesystem;

void log_to_stderr() {
  configure_logging(LogFormat::text);
  if (github_environment().active) {
    // On stderr, which GitHub reads for commands too, so that stdout keeps only the report (JSON stays JSON).
    on_secret_value(
        [](const std::string& value) { std::cerr << render_github_add_mask(value) << std::flush; });
  }
}

Result<CommandPlatform> command_platform(const PlatformCommandOptions& platform,
                                         const StoreCommandOptions& stores) {
  auto source = parse_platform_argument(platform.dir, platform.ref);
  if (!source) return source.error();
  auto credentials = platform_credentials();
  if (!credentials) return credentials.error();
  PlatformAccess access;
  access.cache_dir = stores.cache_dir.empty() ? default_store_cache_dir() : fs::path(stores.cache_dir);
  access.ca_bundle = stores.ca_bundle;
  access.allow_insecure_http = stores.allow_insecure_http;
  access.credentials = std::move(*credentials);
  return CommandPlatform{std::move(*source), std::move(access)};
}

namespace {

void excuse_with_recorded_state(LoadResult& loaded, const RecordedStateSource& recorded_state) {
  if (!recorded_state || loaded.unserved_requests.empty()) return;
  auto store = recorded_state();
  if (!store) return loaded.errors.push_back(store.error());
  if (*store == nullptr) return;
  auto state = load_run_state(**store);
  if (!state) return loaded.errors.push_back(state.error());
  excuse_requests_of_vanished_promises(loaded, *state);
}

}  // namespace

void use_load_cache(CommandPlatform& platform, const StateCommandOptions& state, bool read_only) {
  if (state.full_load || state.no_state) return;
  fs::path cache =
      state_location(state.state_dir, platform.source, platform.access, state.state_branch).lock_path;
  platform.access.load_cache = cache.replace_extension(".load-cache");
  platform.access.load_cache_read_only = read_only;
}

LoadResult load_for_run(const CommandPlatform& platform, const RecordedStateSource& recorded_state,
                        ReleaseSource* releases) {
  LoadResult loaded = load_platform_source(platform.source, platform.access, releases);
  excuse_with_recorded_state(loaded, recorded_state);
  if (loaded.errors.empty()) check_before_run(loaded.platform, loaded.errors, loaded.warnings);
  return loaded;
}

std::optional<Platform> load_or_report(const CommandPlatform& platform, ReleaseSource* releases) {
  LoadResult loaded = load_platform_source(platform.source, platform.access, releases);
  loaded.warnings.insert(loaded.warnings.end(), loaded.release_errors.begin(), loaded.release_errors.end());
  std::cerr << render_diagnostics(loaded.errors, loaded.warnings);
  if (loaded.errors.empty()) return std::move(loaded.platform);
  std::cerr << "ferry: " << loaded.errors.size() << " error(s) in " << platform.source.display()
            << "; nothing was run or written\n";
  return std::nullopt;
}

Result<std::unique_ptr<runtime::ContainerRuntime>> make_runtime(const RuntimeCommandOptions& options) {
  runtime::RuntimeOptions runtime;
  runtime.name = options.runtime;
  runtime.podman = options.podman;
  runtime.docker = options.docker;
  runtime.exec_config = options.exec_config;
  return runtime::make_runtime(runtime);
}

CommandSecrets::CommandSecrets(const RuntimeCommandOptions& options)
    : directory_(options.secrets_dir, options.config_maps_dir),
      environment_(pipeline::EnvironmentSecretSource::from_process()),
      chain_({&directory_, &environment_}) {}

fs::path default_store_cache_dir(const std::function<std::optional<std::string>(const char*)>& env) {
  auto get = [&](const char* name) -> std::string {
    if (env) return env(name).value_or("");
    const char* value = std::getenv(name);
    return value ? value : "";
  };
  if (const std::string xdg = get("XDG_CACHE_HOME"); !xdg.empty()) return fs::path(xdg) / "ferry/stores";
  if (const std::string home = get("HOME"); !home.empty()) return fs::path(home) / ".cache/ferry/stores";
  return fs::temp_directory_path() / "ferry-stores";
}

fs::path default_pipeline_cache_dir(const std::function<std::optional<std::string>(const char*)>& env) {
  const fs::path stores = default_store_cache_dir(env);
  if (stores.filename() == "stores") return stores.parent_path() / "pipelines";
  return fs::temp_directory_path() / "ferry-pipelines";
}

fs::path default_container_logs_dir(const std::function<std::optional<std::string>(const char*)>& env) {
  const fs::path stores = default_store_cache_dir(env);
  if (stores.filename() == "stores") return stores.parent_path() / "logs";
  return fs::temp_directory_path() / "ferry-logs";
}

StoreAccess store_access(const StoreCommandOptions& options, const Platform& platform,
                         const pipeline::SecretSource& secrets) {
  StoreAccess access;
  access.platform_root = platform.root;
  access.cache_dir = options.cache_dir.empty() ? default_store_cache_dir() : fs::path(options.cache_dir);
  access.ca_bundle = options.ca_bundle;
  access.allow_insecure_http = options.allow_insecure_http;
  access.secrets = &secrets;
  return access;
}

std::string interrupted_summary(const RunReport& report, bool state_enabled) {
  auto not_run = [](const std::vector<RequestReport>& reports) {
    return std::count_if(reports.begin(), reports.end(),
                         [](const RequestReport& r) { return r.message == runtime::kNotRunMessage; });
  };
  std::size_t commits = 0;
  for (const auto* reports : {&report.promises, &report.requests}) {
    for (const RequestReport& r : *reports) commits += r.commits.size();
  }
  std::string line = std::string("ferry: interrupted by ") + runtime::interrupt_signal_name() + "; " +
                     std::to_string(not_run(report.requests)) + " requests ";
  if (const auto promises = not_run(report.promises); promises > 0) {
    line += "and " + std::to_string(promises) + " Promises ";
  }
  line += "not run; " + std::to_string(commits) + (commits == 1 ? " commit" : " commits") + " kept";
  if (state_enabled) line += "; the state was not recorded, so the next run redoes this run's work";
  return line + "\n";
}

// "ferry-<pid>-XXXXXX" made by mkdtemp: a fresh directory even when a killed run with the same pid left its
// own behind (SIGKILL removes nothing), whose pipeline directories would then clash with this run's. The
// parent is made here first so that failing to make it throws what it always threw.
static ferry::ScratchDirectory make_run_scratch(const std::string& parent) {
  const fs::path base = parent.empty() ? fs::temp_directory_path() : fs::path(parent);
  fs::create_directories(base);
  const std::string prefix = "ferry-" + std::to_string(::getpid()) + "-";
  std::error_code error;
  std::optional<ferry::ScratchDirectory> made = ferry::ScratchDirectory::create(base, prefix, error);
  if (!made) {
    throw fs::filesystem_error("cannot create the scratch directory", base / (prefix + "XXXXXX"), error);
  }
  return std::move(*made);
}

RunScratchDirectory::RunScratchDirectory(const std::string& parent)
    : ferry::ScratchDirectory(make_run_scratch(parent)) {}

std::string pipeline_cache_dir(const RuntimeCommandOptions& run) {
  if (run.no_pipeline_cache) return "";
  return run.pipeline_cache_dir.empty() ? default_pipeline_cache_dir().string() : run.pipeline_cache_dir;
}

ReconcileOptions pipeline_options(const RuntimeCommandOptions& run, const std::filesystem::path& scratch,
                                  const pipeline::SecretSource& secrets, int jobs) {
  ReconcileOptions options{scratch, jobs, std::chrono::seconds(run.timeout_seconds), &secrets};
  options.max_output_files = run.max_output_files;
  options.max_output_bytes = run.max_output_bytes;
  options.allow_privileged = run.allow_privileged;
  if (const fs::path dir = pipeline_cache_dir(run); !dir.empty()) {
    auto warn = [](const std::string& warning) { spdlog::warn("{}", warning); };
    options.pipeline_cache =
        std::make_shared<pipeline::DiskPipelineCache>(dir, pipeline::kDefaultPipelineCacheBytes, warn);
  }
  options.pipeline_cache_reads = run.pipeline_cache_reads;
  options.no_network = run.no_network;
  return options;
}

SelectionOptions selection_options(const StateCommandOptions& options) {
  SelectionOptions selection;
  selection.force = options.force;
  // The command line's validator has checked the duration already.
  auto interval =
      pipeline::parse_go_duration(options.reconciliation_interval, "--reconciliation-interval", {});
  if (interval)
    selection.reconciliation_interval = std::chrono::duration_cast<std::chrono::seconds>(*interval);
  selection.now = std::chrono::system_clock::now();
  return selection;
}

std::optional<std::size_t> max_deletions(const StateCommandOptions& options) {
  if (options.max_deletions < 0) return std::nullopt;
  return static_cast<std::size_t>(options.max_deletions);
}

std::optional<std::size_t> max_upgrades(const StateCommandOptions& options) {
  if (options.max_upgrades < 0) return std::nullopt;
  return static_cast<std::size_t>(options.max_upgrades);
}

}  // namespace ferry::runner
