// `ferry reconcile`: load, run, report. Output goes to stdout (the report) and stderr (diagnostics, log).
#include "runner/reconcile_command.h"

#include <spdlog/spdlog.h>

#include <fstream>
#include <iostream>

#include "pipeline/duration.h"
#include "platform/loader.h"
#include "run/compound.h"
#include "run/pipeline_api_host.h"
#include "run/platform_api_check.h"
#include "run/preflight.h"
#include "run/reconcile.h"
#include "run/shard.h"
#include "run/state_access.h"
#include "runner/command_releases.h"
#include "runner/command_support.h"
#include "runner/github.h"
#include "runner/logs_command.h"
#include "runner/metrics_file.h"
#include "runner/narrow_reconcile.h"
#include "runner/progress.h"
#include "runner/quiet_reconcile.h"
#include "runner/report.h"
#include "runtime/interrupt.h"

#ifndef FERRY_VERSION
#define FERRY_VERSION "unknown"
#endif

namespace ferry::runner {

namespace {

// Where a run's outcome goes besides stdout and stderr: GitHub Actions and the metrics file.
class RunOutputs {
 public:
  explicit RunOutputs(const ReconcileCommandOptions& options)
      : options_(options), github_(github_environment()), started_(std::chrono::system_clock::now()) {}

  // The run could not start: diagnostics on stderr (and as annotations), exit 1.
  int stopped(const std::vector<Error>& errors, const std::vector<Error>& warnings = {},
              const std::string& note = "") {
    std::cerr << render_diagnostics(errors, warnings) << note;
    if (github_.active) std::cerr << render_github_annotations(errors, warnings);
    finish(nullptr, 1);
    return 1;
  }

  // The report as printed on stdout.
  std::string report_text(const RunReport& report) const {
    return options_.output == "json" ? render_json(report)
                                     : render_text(report, {.github_groups = github_.active});
  }

  // A quiet run's report, kept by the run before (quiet_reconcile.h): printed as that run printed it.
  int replayed(const MemoReport& report) {
    std::cout << report.text();
    return 0;
  }

  int finished(const RunReport& report, const std::string& text) {
    const bool json = options_.output == "json";
    std::cout << text;
    if (github_.active) {
      (json ? std::cerr : std::cout) << render_github_run_annotations(report);
      append_to(github_.summary_path, render_github_summary(report));
      append_to(github_.outputs_path, render_github_outputs(report));
    }
    // Interrupted: 130 or 143 and one line saying what was left undone (docs/reliability.md).
    const int code = runtime::interrupted() ? runtime::interrupt_exit_code() : exit_code_of(report);
    if (runtime::interrupted()) std::cerr << interrupted_summary(report, !options_.state.no_state);
    finish(&report, code);
    return code;
  }

 private:
  void finish(const RunReport* report, int code) {
    if (options_.metrics_file.empty()) return;
    auto written =
        write_metrics_file(options_.metrics_file, report, code, {started_, std::chrono::system_clock::now()});
    if (!written) std::cerr << render_diagnostics({}, {written.error()});
  }

  // GitHub's files are shared by every step of the job: append, never replace.
  static void append_to(const std::string& path, const std::string& text) {
    if (path.empty()) return;
    std::ofstream out(path, std::ios::app);
    out << text;
    if (!out) std::cerr << render_diagnostics({}, {make_error("cannot append to " + path)});
  }

  const ReconcileCommandOptions& options_;
  GitHubEnvironment github_;
  std::chrono::system_clock::time_point started_;
};

// The platform as the run loads it: for a narrow run (run/narrow_run.h) without the requests the quiet-run
// memo keeps, which falls back to the whole load when it does not give exactly the changed requests.
LoadResult load_narrow_or_whole(QuietRun& quiet, const CommandPlatform& source,
                                const RecordedStateSource& open_state, ReleaseSource* releases) {
  if (const auto& narrow = quiet.narrow_plan()) {
    LoadResult loaded = load_platform_replacing(source.source.root, narrow->replaced, releases);
    if (loaded.errors.empty()) check_before_run(loaded.platform, loaded.errors, loaded.warnings);
    if (narrow_load_matches(loaded, quiet.narrow_memo(), *narrow)) return loaded;
    quiet.drop_narrow_plan();
  }
  return load_for_run(source, open_state, releases);
}

}  // namespace

int run_reconcile(const ReconcileCommandOptions& options) {
  log_to_stderr();
  RunOutputs outputs(options);
  auto source = command_platform(options.platform, options.stores);
  if (!source) return outputs.stopped({source.error()});
  use_load_cache(*source, options.state, false);
  QuietRun quiet(*source, options.state, options.state.full_load, !options.metrics_file.empty(),
                 {options.run.scratch_dir, options.logs_dir, options.api_audit_file});
  std::optional<OpenedState> state;
  // Opened before the run needs it only when a request's kind is served by no Promise (command_support.h).
  auto open_state = [&]() -> Result<writer::StateStore*> {
    if (options.state.no_state) return static_cast<writer::StateStore*>(nullptr);
    if (!state) {
      auto opened = open_run_state(state_location(options.state.state_dir, source->source, source->access,
                                                  options.state.state_branch));
      if (!opened) return opened.error();
      state.emplace(std::move(*opened));
    }
    return state->store.get();
  };
  std::unique_ptr<runtime::ContainerRuntime> quiet_runtime;
  const auto replayed = quiet.replay(open_state, [&]() -> Result<runtime::ContainerRuntime*> {
    auto made = make_runtime(options.run);
    if (!made) return made.error();
    quiet_runtime = std::move(*made);
    return quiet_runtime.get();
  });
  if (replayed) return outputs.replayed(*replayed);
  quiet.watch();
  const CommandSecrets secrets(options.run);
  CommandReleases releases(options.stores, &secrets.source(), open_state, true);
  LoadResult loaded = load_narrow_or_whole(quiet, *source, open_state, releases.source());
  if (!loaded.errors.empty()) {
    return outputs.stopped(loaded.errors, loaded.warnings,
                           "ferry: " + std::to_string(loaded.errors.size()) + " error(s) in " +
                               source->source.display() + "; nothing was run or written\n");
  }
  if (Status cached = releases.record(); !cached) loaded.warnings.push_back(cached.error());
  std::cerr << render_diagnostics({}, loaded.warnings);
  const std::optional<NarrowPlan>& narrow = quiet.narrow_plan();
  // As the whole path's load line: said when some requests were taken as kept, and some loaded.
  if (const std::size_t kept = narrow ? quiet.narrow_memo().kept.requests.size() - narrow->changed.size() : 0;
      kept > 0) {
    spdlog::info(
        "load: {} changed {} loaded, {} {} as the quiet-run memo keeps {} (docs/load-cache.md, "
        "\"Narrow runs\")",
        narrow->changed.size(), narrow->changed.size() == 1 ? "request" : "requests", kept,
        kept == 1 ? "other" : "others", kept == 1 ? "it" : "them");
  } else if (!narrow && loaded.cache_counts.reused > 0 && loaded.cache_counts.checked > 0) {
    spdlog::info("load: {} requests taken from the load cache, {} parsed and checked (docs/load-cache.md)",
                 loaded.cache_counts.reused, loaded.cache_counts.checked);
  }
  // A Destination writing into the platform's own repository and branch makes its output platform input.
  const std::vector<PlatformFile> files =
      adopt_platform_repository(loaded.platform, loaded.files, source->source);
  const Platform& platform = loaded.platform;
  auto runtime = make_runtime(options.run);
  if (!runtime) return outputs.stopped({runtime.error()});
  std::vector<Error> api_errors, api_warnings;
  check_platform_api(platform, platform_api_run((*runtime)->name(), true), api_errors, api_warnings);
  if (!api_errors.empty()) {
    return outputs.stopped(api_errors, api_warnings,
                           "ferry: " + std::to_string(api_errors.size()) + " error(s) in " +
                               source->source.display() + "; nothing was run or written\n");
  }
  if (auto opened = open_state(); !opened) return outputs.stopped({opened.error()});
  const bool compound = has_platform_destination(platform) || may_create_requests(platform);
  if (state && !compound && loaded.warnings.empty() && api_warnings.empty()) {
    quiet.start(platform, loaded.file_digests, *state->store);
  } else {
    quiet.start_nothing();
  }
  RunScratchDirectory scratch(options.run.scratch_dir);
  ReconcileOptions reconcile_options =
      pipeline_options(options.run, scratch.path(), secrets.source(), options.jobs);
  reconcile_options.container_logs_dir =
      options.logs_dir.empty() ? default_container_logs_dir() : std::filesystem::path(options.logs_dir);
  if (options.show_logs) reconcile_options.show_container_log = container_log_printer(std::cerr);
  if (auto shard = parse_shard(options.state.shard)) reconcile_options.shard = *shard;  // checked by the CLI
  reconcile_options.releases = releases.source();
  const std::vector<std::string> release_errors = rendered(loaded.release_errors);
  if (state) {
    reconcile_options.state = state->store.get();
    if (!source->access.load_cache.empty()) {
      const std::filesystem::path load_cache(source->access.load_cache);
      reconcile_options.records_cache = std::filesystem::path(load_cache).replace_extension(".records-cache");
      reconcile_options.placement_paths_cache =
          std::filesystem::path(load_cache).replace_extension(".placement-paths-cache");
    }
    reconcile_options.selection = selection_options(options.state);
    reconcile_options.max_deletions = max_deletions(options.state);
    reconcile_options.max_upgrades = max_upgrades(options.state);
    reconcile_options.restore_drift = options.state.restore_drift;
    reconcile_options.drift_check = !options.state.no_drift_check;
    reconcile_options.record_statuses = !options.state.no_status;
    if (!options.publish_status.empty()) {
      auto target = parse_status_target(options.publish_status);
      if (!target) return outputs.stopped({target.error()});
      reconcile_options.status_target = *target;
    }
    // Only the reports that show a skipped object's status read the statuses of the objects that do not run.
    reconcile_options.skipped_statuses = options.output == "json" || github_environment().active;
  }
  // The platform API for Pipelines with rbac: served on exec, podman and oci; a docker run with such a
  // Pipeline stopped above (run/platform_api_check.h, docs/platform-api.md).
  std::unique_ptr<PlatformApiHost> api;
  if ((*runtime)->name() != "docker") {
    auto host = make_pipeline_api_host(PipelineApiSettings{
        options.run.secrets_dir, options.run.config_maps_dir, options.api_audit_file, scratch.path()});
    if (!host) return outputs.stopped({host.error()});
    api = std::move(*host);
    if (may_create_requests(platform)) api->make_ahead();  // a Pipeline with rbac: its API made meanwhile
    reconcile_options.api = api.get();
  }
  reconcile_options.quiet = &quiet.note();
  ReconcileOptions::Narrow narrow_records;
  if (narrow) {
    for (std::size_t i : narrow->changed)
      narrow_records.request_records.push_back(quiet.narrow_memo().kept.requests[i].directory());
    narrow_records.records_left = quiet.narrow_memo().kept.requests.size() - narrow->changed.size();
    reconcile_options.narrow = &narrow_records;
  }
  auto report = [&] {  // the progress line is erased before the report prints
    Progress progress(progress_wanted());
    ProgressRuntime counted(**runtime, progress);
    reconcile_options.progress = &progress;
    const StoreOpener opener = state_store_opener(store_access(options.stores, platform, secrets.source()));
    if (compound) {
      return reconcile_compound(platform, files, counted, opener, reconcile_options, release_errors,
                                loaded.unread_files);
    }
    return reconcile(platform, counted, opener, reconcile_options);
  }();
  if (!report) return outputs.stopped({report.error()});
  report->release_errors.insert(report->release_errors.begin(), release_errors.begin(), release_errors.end());
  if (Status cached = releases.record(); !cached) std::cerr << render_diagnostics({}, {cached.error()});
  report->no_network = options.run.no_network;
  std::vector<TextSpan> spans;  // each request's entry in `text`, for the memo
  const std::string text = narrow ? narrow_report_text(*report, quiet.narrow_memo(), *narrow)
                           : options.output == "json" || github_environment().active
                               ? outputs.report_text(*report)
                               : render_text(*report, {}, nullptr, &spans);
  if (state && !runtime::interrupted() && release_errors.empty() && exit_code_of(*report) == 0) {
    if (narrow) {
      quiet.finish_narrow(*report, platform, *state->store);
    } else {
      quiet.finish(*report, text, *state->store, platform, spans);
    }
  }
  return outputs.finished(*report, text);
}

}  // namespace ferry::runner
