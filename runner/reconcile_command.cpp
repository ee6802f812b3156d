// `ferry reconcile`: load, run, report. Output goes to stdout (the report) and stderr (diagnostics, log).
#include <iostream>

#include "runner/command_support.h"
#include "runner/commands.h"
#include "pipeline/duration.h"
#include "runner/reconcile.h"
#include "runner/report.h"
#include "runner/state_access.h"

#ifndef FERRY_VERSION
#define FERRY_VERSION "unknown"
#endif

namespace ferry::runner {

namespace {

SelectionOptions selection_options(const StateCommandOptions& options) {
  SelectionOptions selection;
  selection.force = options.force;
  // Checked by the command line's validator already.
  auto interval = pipeline::parse_go_duration(options.reconciliation_interval, "--reconciliation-interval", {});
  if (interval) selection.reconciliation_interval = std::chrono::duration_cast<std::chrono::seconds>(*interval);
  selection.now = std::chrono::system_clock::now();
  return selection;
}

}  // namespace

int run_reconcile(const ReconcileCommandOptions& options) {
  log_to_stderr();
  std::optional<Platform> platform = load_or_report(options.platform_dir);
  if (!platform) return 1;
  auto runtime = make_runtime(options.run);
  if (!runtime) {
    std::cerr << render_diagnostics({runtime.error()}, {});
    return 1;
  }
  std::optional<OpenedState> state;
  if (!options.state.no_state) {
    const std::filesystem::path dir = options.state.state_dir.empty() ? default_state_dir(options.platform_dir)
                                                                     : std::filesystem::path(options.state.state_dir);
    auto opened = open_run_state(dir);
    if (!opened) {
      std::cerr << render_diagnostics({opened.error()}, {});
      return 1;
    }
    state.emplace(std::move(*opened));
  }
  ScratchDirectory scratch(options.run.scratch_dir);
  const CommandSecrets secrets(options.run);
  ReconcileOptions reconcile_options{scratch.path(), options.jobs,
                                     std::chrono::seconds(options.run.timeout_seconds), &secrets.source()};
  if (state) {
    reconcile_options.state = state->store.get();
    reconcile_options.selection = selection_options(options.state);
  }
  auto report = reconcile(*platform, **runtime,
                          state_store_opener(store_access(options.stores, *platform, secrets.source())),
                          reconcile_options);
  if (!report) {
    std::cerr << render_diagnostics({report.error()}, {});
    return 1;
  }
  std::cout << (options.output == "json" ? render_json(*report) : render_text(*report));
  return exit_code_of(*report);
}

int run_version() {
  std::cout << "ferry " << FERRY_VERSION << "\n";
  return 0;
}

}  // namespace ferry::runner
