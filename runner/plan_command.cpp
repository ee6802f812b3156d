// `ferry plan`: the reconcile run on PlanningStores (writer/planning_store.h), so the plan is made by the
// code that reconciles; then each object's outcome and every Destination's file diff. Nothing is committed:
// the stores are only read, the recorded state is read without its lock and never written.
#include "runner/plan_command.h"

#include <fstream>
#include <iostream>

#include "platform/loader.h"
#include "run/compound.h"
#include "run/platform_api_check.h"
#include "run/reconcile.h"
#include "run/shard.h"
#include "run/state_access.h"
#include "runner/command_releases.h"
#include "runner/command_support.h"
#include "runner/github.h"
#include "runner/plan_report.h"
#include "runner/progress.h"
#include "runner/report.h"
#include "writer/store_factory.h"

namespace ferry::runner {
namespace {

using PlannedStores = std::map<std::string, std::shared_ptr<writer::PlannedContent>>;

// Opens each store as reconcile does, wrapped in a PlanningStore whose content lands in `planned`.
StoreOpener planning_opener(StoreOpener real, PlannedStores& planned) {
  return [real = std::move(real),
          &planned](const GitStateStore& config) -> Result<std::unique_ptr<writer::StateStore>> {
    auto store = real(config);
    if (!store) return store.error();
    auto content = std::make_shared<writer::PlannedContent>(config.name);
    planned[config.name] = content;
    return std::unique_ptr<writer::StateStore>(
        std::make_unique<writer::PlanningStore>(std::move(*store), content));
  };
}

// The recorded state, when there is one, read-only: a plan never creates the state repository or takes its
// lock, so it can run beside a reconcile.
Result<std::unique_ptr<writer::StateStore>> recorded_state(const PlanCommandOptions& options,
                                                           const CommandPlatform& platform) {
  if (options.state.no_state) return std::unique_ptr<writer::StateStore>();
  auto store = open_state_for_reading(
      state_location(options.state.state_dir, platform.source, platform.access, options.state.state_branch));
  if (!store || !*store) return store;
  auto content = std::make_shared<writer::PlannedContent>("state");
  return std::unique_ptr<writer::StateStore>(
      std::make_unique<writer::PlanningStore>(std::move(*store), content));
}

int stop(const std::vector<Error>& errors, const std::vector<Error>& warnings = {}) {
  std::cerr << render_diagnostics(errors, warnings);
  if (github_environment().active) std::cerr << render_github_annotations(errors, warnings);
  return 1;
}

// GitHub's files are shared by every step of the job: append, never replace. The annotations are
// reconcile's: failed and pending objects, misplaced groups.
void append_for_github(const PlanReport& plan, int code, bool json) {
  const GitHubEnvironment github = github_environment();
  if (!github.active) return;
  (json ? std::cerr : std::cout) << render_github_run_annotations(plan.run);
  if (!github.outputs_path.empty()) {
    std::ofstream out(github.outputs_path, std::ios::app);
    out << "changed=" << (plan.has_changes() ? "true" : "false") << "\nexit-code=" << code << "\n";
  }
  if (!github.summary_path.empty()) {
    std::ofstream summary(github.summary_path, std::ios::app);
    summary << render_github_plan_summary(plan, kSummaryLimit);
  }
}

}  // namespace

int run_plan(const PlanCommandOptions& options) {
  log_to_stderr();
  auto source = command_platform(options.platform, options.stores);
  if (!source) return stop({source.error()});
  use_load_cache(*source, options.state, true);
  std::optional<Result<std::unique_ptr<writer::StateStore>>> state;
  // Read before the run needs it only when a request's kind is served by no Promise (command_support.h).
  auto read_state = [&]() -> Result<writer::StateStore*> {
    if (!state) state.emplace(recorded_state(options, *source));
    if (!*state) return state->error();
    return state->value().get();
  };
  const CommandSecrets secrets(options.run);
  // A plan fetches releases as a run would, and records nothing: the next reconcile caches them.
  CommandReleases releases(options.stores, &secrets.source(), read_state, true);
  LoadResult loaded = load_for_run(*source, read_state, releases.source());
  if (!loaded.errors.empty()) {
    stop(loaded.errors, loaded.warnings);
    std::cerr << "ferry: " << loaded.errors.size() << " error(s) in " << source->source.display()
              << "; nothing was planned\n";
    return 1;
  }
  std::cerr << render_diagnostics({}, loaded.warnings);
  // A Destination writing into the platform's own repository and branch makes its output platform input.
  const std::vector<PlatformFile> files =
      adopt_platform_repository(loaded.platform, loaded.files, source->source);
  const Platform& platform = loaded.platform;
  auto runtime = make_runtime(options.run);
  if (!runtime) return stop({runtime.error()});
  {  // a plan serves no platform API: say so for the Pipelines that ask for it
    std::vector<Error> no_errors, api_warnings;
    check_platform_api(platform, platform_api_run((*runtime)->name(), false), no_errors, api_warnings);
    std::cerr << render_diagnostics({}, api_warnings);
  }
  auto opened = read_state();
  if (!opened) return stop({opened.error()});
  RunScratchDirectory scratch(options.run.scratch_dir);
  ReconcileOptions reconcile_options =
      pipeline_options(options.run, scratch.path(), secrets.source(), options.jobs);
  reconcile_options.dry_run = true;
  reconcile_options.releases = releases.source();
  const std::vector<std::string> release_errors = rendered(loaded.release_errors);
  if (auto shard = parse_shard(options.state.shard)) reconcile_options.shard = *shard;  // checked by the CLI
  if (*opened) {
    reconcile_options.state = *opened;
    reconcile_options.selection = selection_options(options.state);
    reconcile_options.max_deletions = max_deletions(options.state);
    reconcile_options.max_upgrades = max_upgrades(options.state);
    reconcile_options.restore_drift = options.state.restore_drift;
    reconcile_options.drift_check = !options.state.no_drift_check;
    reconcile_options.record_statuses = !options.state.no_status;
  }
  PlannedStores planned;
  auto run = [&] {  // the progress line is erased before the plan prints
    Progress progress(progress_wanted());
    ProgressRuntime counted(**runtime, progress);
    reconcile_options.progress = &progress;
    const StoreOpener opener = planning_opener(
        state_store_opener(store_access(options.stores, platform, secrets.source())), planned);
    if (has_platform_destination(platform) || may_create_requests(platform)) {
      return reconcile_compound(platform, files, counted, opener, reconcile_options, release_errors,
                                loaded.unread_files);
    }
    return reconcile(platform, counted, opener, reconcile_options);
  }();
  if (!run) return stop({run.error()});
  run->release_errors.insert(run->release_errors.begin(), release_errors.begin(), release_errors.end());
  run->no_network = options.run.no_network;
  const PlanReport plan{std::move(*run), plan_stores(platform, planned), pipeline_cache_dir(options.run)};
  std::cout << (options.output == "json" ? render_plan_json(plan) : render_plan_text(plan));
  const int code = plan_exit_code(plan, options.detailed_exitcode);
  append_for_github(plan, code, options.output == "json");
  return code;
}

}  // namespace ferry::runner
