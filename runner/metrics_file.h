// Prometheus textfile metrics of a run (for node_exporter's textfile collector, from cron or a systemd
// timer): when ferry last ran and last succeeded, how long it took, objects by result, commits made.
// docs/cron.md shows the set-up.
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

#include "core/error.h"
#include "run/run_report.h"

namespace ferry::runner {

struct RunTiming {
  std::chrono::system_clock::time_point started;
  std::chrono::system_clock::time_point finished;
};

// The file's text. `report` is null when the run could not start (exit 1): the run and its failure are
// still recorded. ferry_last_success_timestamp_seconds is this run's end when it exited 0, else the value
// found in `previous` (the file as the last run left it), else absent.
std::string render_metrics(const RunReport* report, int exit_code, const RunTiming& timing,
                           const std::string& previous);

// The value of a sample without labels in a textfile, e.g. "ferry_last_success_timestamp_seconds".
std::optional<double> sample_value(const std::string& text, const std::string& metric);

// Replaces `path` atomically (a temporary file beside it, then rename), so the collector never reads half
// a file. Reads the previous content first for render_metrics.
Status write_metrics_file(const std::filesystem::path& path, const RunReport* report, int exit_code,
                          const RunTiming& timing);

}  // namespace ferry::runner
