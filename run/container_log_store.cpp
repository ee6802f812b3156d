// The kept container logs: writing an object's folder whole, reading it back in run order.
#include "run/container_log_store.h"

#include <unistd.h>

#include <algorithm>
#include <sstream>

#include "core/file_text.h"

namespace fs = std::filesystem;

namespace ferry::runner {
namespace {

Status filesystem_error(const std::string& what, const fs::path& path, const std::error_code& ec) {
  return make_error("cannot " + what + " " + path.string() + ": " + ec.message());
}

Status write_object_folder(const fs::path& fresh, const std::vector<pipeline::ContainerLog>& logs) {
  std::error_code ec;
  std::string index;
  for (const pipeline::ContainerLog& log : logs) {
    fs::create_directories(fresh / log.pipeline, ec);
    if (ec) return filesystem_error("create", fresh / log.pipeline, ec);
    if (Status written = write_file_bytes(fresh / log.pipeline / (log.container + ".log"), log.text);
        !written)
      return written;
    index += log.pipeline + "/" + log.container + "\n";
  }
  return write_file_bytes(fresh / "index", index);
}

// Moves the current folder aside, the fresh one in, and removes the old one. Two runs at once (shards both
// run the Promises) may race here: the loser's rename fails, which is a warning to its caller.
Status swap_in(const fs::path& fresh, const fs::path& target, const fs::path& old) {
  std::error_code ec;
  fs::remove_all(old, ec);
  if (fs::exists(target, ec)) fs::rename(target, old, ec);
  if (ec) return filesystem_error("replace", target, ec);
  fs::rename(fresh, target, ec);
  if (ec) return filesystem_error("replace", target, ec);
  fs::remove_all(old, ec);
  return ok();
}

}  // namespace

fs::path object_log_dir(const fs::path& dir, const LoggedObject& object) {
  if (object.namespace_.empty()) return dir / "promises" / object.promise;
  return dir / "requests" / object.namespace_ / object.promise / object.name;
}

Status keep_container_logs(const fs::path& dir, const LoggedObject& object,
                           const std::vector<pipeline::ContainerLog>& logs) {
  const fs::path target = object_log_dir(dir, object);
  const fs::path fresh = target.string() + ".new-" + std::to_string(::getpid());
  const fs::path old = target.string() + ".old-" + std::to_string(::getpid());
  std::error_code ec;
  fs::remove_all(fresh, ec);
  fs::create_directories(fresh, ec);
  if (ec) return filesystem_error("create", fresh, ec);
  Status written = write_object_folder(fresh, logs);
  if (written) written = swap_in(fresh, target, old);
  fs::remove_all(fresh, ec);  // left only when a step failed
  return written;
}

Result<std::vector<pipeline::ContainerLog>> read_container_logs(const fs::path& dir,
                                                                const LoggedObject& object) {
  const fs::path folder = object_log_dir(dir, object);
  auto index = read_file_if_present(folder / "index");
  if (!index) return index.error();
  std::vector<pipeline::ContainerLog> logs;
  if (!*index) return logs;
  std::istringstream lines(**index);
  for (std::string line; std::getline(lines, line);) {
    const auto slash = line.find('/');
    if (slash == std::string::npos) continue;
    pipeline::ContainerLog log{line.substr(0, slash), line.substr(slash + 1), ""};
    auto text = read_file_if_present(folder / log.pipeline / (log.container + ".log"));
    if (!text) return text.error();
    log.text = text->value_or("");
    logs.push_back(std::move(log));
  }
  return logs;
}

std::vector<LoggedObject> logged_requests(const fs::path& dir, const std::string& namespace_,
                                          const std::string& name) {
  std::vector<LoggedObject> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir / "requests" / namespace_, ec), end; !ec && it != end;
       it.increment(ec)) {
    const LoggedObject object{namespace_, it->path().filename().string(), name};
    if (fs::exists(object_log_dir(dir, object) / "index", ec)) found.push_back(object);
  }
  std::sort(found.begin(), found.end(),
            [](const LoggedObject& a, const LoggedObject& b) { return a.promise < b.promise; });
  return found;
}

}  // namespace ferry::runner
