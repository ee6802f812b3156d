// `ferry logs` (logs_command.cpp): what each container of an object's last workflow run printed, from the
// kept logs (run/container_log_store.h, docs/logs.md); and the shared rendering of container output, as
// `reconcile --show-logs` and `ferry test pipeline` print it.
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "pipeline/container_log.h"

namespace CLI {
class App;
}

namespace ferry::runner {

struct LogsCommandOptions {
  std::string object;     // NAMESPACE/NAME of a request, or NAME of a Promise
  std::string pipeline;   // --pipeline: only this pipeline's containers ("" = all)
  std::string container;  // --container: only containers of this name ("" = all)
  std::string logs_dir;   // --logs-dir; "" = default_container_logs_dir()
};

// Adds the options of `ferry logs` to `app`; returns its action.
std::function<int()> configure_logs(CLI::App& app);

// Exit 0: shown; 1: nothing kept for the object (or none of its containers matched); 2: bad command line
// (an object that is not NAMESPACE/NAME or NAME, or whose parts are "." or "..").
int run_logs(const LogsCommandOptions& options);

// `text` (container output) with `prefix` before each line, made safe for a terminal and a CI log
// (core/untrusted_text.h: secret values masked, control characters escaped); ends with a newline unless
// `text` is empty.
std::string prefixed_log_lines(const std::string& prefix, const std::string& text);

// Prints each log to `out` as "<who> <pipeline>/<container> | <line>", a whole container at a time under a
// lock (the workers call it at once): `reconcile --show-logs`.
std::function<void(const std::string& who, const pipeline::ContainerLog&)> container_log_printer(
    std::ostream& out);

}  // namespace ferry::runner
