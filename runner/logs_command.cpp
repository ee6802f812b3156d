// `ferry logs NAMESPACE/NAME [--pipeline P] [--container C]`: the kept output of an object's containers,
// read from the logs folder (docs/logs.md). Reads no platform and no state; works while a reconcile runs.
#include "runner/logs_command.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <mutex>

#include "core/untrusted_text.h"
#include "run/container_log_store.h"
#include "runner/command_support.h"

namespace ferry::runner {
namespace {

// The objects NAMESPACE/NAME (a request, under each Promise that has one of that name) or NAME (a Promise)
// names.
std::vector<LoggedObject> named_objects(const std::filesystem::path& dir, const std::string& object) {
  const auto slash = object.find('/');
  if (slash == std::string::npos) return {LoggedObject{"", object, object}};
  return logged_requests(dir, object.substr(0, slash), object.substr(slash + 1));
}

// NAMESPACE/NAME or NAME, each part a name that stays inside the logs folder (not empty, ".." or ".").
bool well_formed(const std::string& object) {
  const auto slash = object.find('/');
  for (const std::string& part :
       {object.substr(0, slash), slash == std::string::npos ? std::string("x") : object.substr(slash + 1)}) {
    if (part.empty() || part == "." || part == ".." || part.find('/') != std::string::npos) return false;
  }
  return true;
}

bool wanted(const pipeline::ContainerLog& log, const LogsCommandOptions& options) {
  return (options.pipeline.empty() || log.pipeline == options.pipeline) &&
         (options.container.empty() || log.container == options.container);
}

}  // namespace

std::function<int()> configure_logs(CLI::App& app) {
  auto options = std::make_shared<LogsCommandOptions>();
  app.add_option("object", options->object,
                 "NAMESPACE/NAME of a request, or NAME of a Promise, whose containers' output to show")
      ->required();
  app.add_option("--pipeline", options->pipeline, "Show only this pipeline's containers");
  app.add_option("--container", options->container, "Show only the containers of this name");
  app.add_option(
      "--logs-dir", options->logs_dir,
      "Where reconcile keeps each object's last container logs (default: $XDG_CACHE_HOME/ferry/logs, "
      "else ~/.cache/ferry/logs)");
  return [options] { return run_logs(*options); };
}

int run_logs(const LogsCommandOptions& options) {
  const std::filesystem::path dir =
      options.logs_dir.empty() ? default_container_logs_dir() : std::filesystem::path(options.logs_dir);
  if (!well_formed(options.object)) {
    std::cerr << "ferry: logs takes NAMESPACE/NAME of a request or NAME of a Promise, not \""
              << untrusted_line(options.object) << "\"\n";
    return 2;
  }
  std::vector<std::pair<LoggedObject, pipeline::ContainerLog>> shown;
  for (const LoggedObject& object : named_objects(dir, options.object)) {
    auto logs = read_container_logs(dir, object);
    if (!logs) {
      std::cerr << "ferry: " << untrusted_line(logs.error().message) << "\n";
      return 1;
    }
    for (pipeline::ContainerLog& log : *logs) {
      if (wanted(log, options)) shown.emplace_back(object, std::move(log));
    }
  }
  if (shown.empty()) {
    std::cerr << "ferry: no container logs kept for " << untrusted_line(options.object)
              << (options.pipeline.empty() && options.container.empty() ? "" : " that match the filters")
              << " in " << dir.string() << " (reconcile keeps each object's last run there)\n";
    return 1;
  }
  for (const auto& [object, log] : shown) {
    if (shown.size() > 1) {
      const std::string kind = object.namespace_.empty() ? "" : " (" + object.promise + ")";
      std::cout << "==> " << untrusted_line(log.pipeline + "/" + log.container + kind) << " <==\n";
    }
    std::cout << prefixed_log_lines("", log.text);
  }
  return 0;
}

std::string prefixed_log_lines(const std::string& prefix, const std::string& text) {
  const std::string safe = untrusted_lines(text);
  std::string out;
  std::size_t start = 0;
  while (start < safe.size()) {
    const std::size_t end = safe.find('\n', start);
    const std::size_t stop = end == std::string::npos ? safe.size() : end;
    out += prefix + safe.substr(start, stop - start) + "\n";
    start = stop + 1;
  }
  return out;
}

std::function<void(const std::string& who, const pipeline::ContainerLog&)> container_log_printer(
    std::ostream& out) {
  auto lock = std::make_shared<std::mutex>();
  return [&out, lock](const std::string& who, const pipeline::ContainerLog& log) {
    const std::string lines =
        prefixed_log_lines(untrusted_line(who + " " + log.pipeline + "/" + log.container) + " | ", log.text);
    const std::lock_guard<std::mutex> held(*lock);
    out << lines << std::flush;
  };
}

}  // namespace ferry::runner
