// `ferry reconcile`: load, run, report. Output goes to stdout (the report) and stderr (diagnostics, log).
#include <iostream>

#include "runner/command_support.h"
#include "runner/commands.h"
#include "runner/reconcile.h"
#include "runner/report.h"

#ifndef FERRY_VERSION
#define FERRY_VERSION "unknown"
#endif

namespace ferry::runner {

int run_reconcile(const ReconcileCommandOptions& options) {
  log_to_stderr();
  std::optional<Platform> platform = load_or_report(options.platform_dir);
  if (!platform) return 1;
  auto runtime = make_runtime(options.run);
  if (!runtime) {
    std::cerr << render_diagnostics({runtime.error()}, {});
    return 1;
  }
  ScratchDirectory scratch(options.run.scratch_dir);
  const CommandSecrets secrets(options.run);
  ReconcileOptions reconcile_options{scratch.path(), options.jobs,
                                     std::chrono::seconds(options.run.timeout_seconds), &secrets.source()};
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
