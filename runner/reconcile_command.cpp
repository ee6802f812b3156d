// `ferry reconcile`: load, run, report. Output goes to stdout (the report) and stderr (diagnostics, log).
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "pipeline/podman_runtime.h"
#include "runner/commands.h"
#include "runner/reconcile.h"
#include "runner/report.h"

#ifndef FERRY_VERSION
#define FERRY_VERSION "unknown"
#endif

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;

// The scratch directory of one run: created on entry, removed with everything in it on every exit path.
class ScratchDirectory {
 public:
  explicit ScratchDirectory(const std::string& requested) {
    path_ = requested.empty() ? fs::temp_directory_path() / ("ferry-" + std::to_string(::getpid())) : fs::path(requested) / ("ferry-" + std::to_string(::getpid()));
    fs::create_directories(path_);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

void log_to_stderr() {
  auto logger = spdlog::stderr_color_mt("ferry");
  logger->set_pattern("ferry: %v");
  spdlog::set_default_logger(logger);
}

}  // namespace

int run_reconcile(const ReconcileCommandOptions& options) {
  log_to_stderr();
  LoadResult loaded = load_platform(options.platform_dir);
  std::cerr << render_diagnostics(loaded.errors, loaded.warnings);
  if (!loaded.errors.empty()) {
    std::cerr << "ferry: " << loaded.errors.size() << " error(s) in " << options.platform_dir
              << "; nothing was run or written\n";
    return 1;
  }
  ScratchDirectory scratch(options.scratch_dir);
  pipeline::PodmanRuntime runtime(options.podman);
  ReconcileOptions reconcile_options{scratch.path(), options.jobs, std::chrono::seconds(options.timeout_seconds)};
  auto report = reconcile(loaded.platform, runtime, local_store_opener(loaded.platform.root), reconcile_options);
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
