// The kept container logs (docs/logs.md): each object's last workflow run, one file per container, in a
// folder shared by the runs of one machine user (--logs-dir), so that `ferry logs` shows them afterwards.
//   <dir>/requests/<namespace>/<promise>/<name>/<pipeline>/<container>.log
//   <dir>/promises/<promise>/<pipeline>/<container>.log
// Each object's folder also holds `index`: "<pipeline>/<container>" per line, in the order they ran.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/container_log.h"

namespace ferry::runner {

// Which object's logs: a request (namespace, promise, name) or a Promise (namespace empty, name = promise).
struct LoggedObject {
  std::string namespace_;
  std::string promise;
  std::string name;
};

// The object's folder below `dir`.
std::filesystem::path object_log_dir(const std::filesystem::path& dir, const LoggedObject& object);

// Replaces what is kept of the object with `logs` (the texts as given: masked and bounded by the workflow).
// The new folder is written beside the old one and then swapped in, so a reader sees one run or the other.
Status keep_container_logs(const std::filesystem::path& dir, const LoggedObject& object,
                           const std::vector<pipeline::ContainerLog>& logs);

// What is kept of the object, in the order its containers ran; empty when nothing is.
Result<std::vector<pipeline::ContainerLog>> read_container_logs(const std::filesystem::path& dir,
                                                                const LoggedObject& object);

// The requests with kept logs whose namespace and name are these, one per Promise (sorted by Promise).
std::vector<LoggedObject> logged_requests(const std::filesystem::path& dir, const std::string& namespace_,
                                          const std::string& name);

}  // namespace ferry::runner
