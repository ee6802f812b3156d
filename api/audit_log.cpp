// AuditLog (audit_log.h).
#include "api/audit_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>

namespace ferry::api {

Result<std::shared_ptr<AuditLog>> AuditLog::open(const std::filesystem::path& path) {
  const int descriptor = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  if (descriptor < 0) return make_error("cannot open " + path.string() + ": " + std::strerror(errno));
  return std::shared_ptr<AuditLog>(new AuditLog(descriptor));
}

AuditLog::~AuditLog() {
  ::close(descriptor_);
}

std::string AuditLog::line(const AuditEntry& entry, const std::string& time) {
  const nlohmann::ordered_json json = {
      {"time", time},       {"pipeline", entry.pipeline}, {"serviceAccount", entry.user},
      {"verb", entry.verb}, {"path", entry.target},       {"code", entry.code}};
  return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Status AuditLog::append(const AuditEntry& entry, const std::string& time) {
  const std::string text = line(entry, time);
  const std::lock_guard<std::mutex> lock(mutex_);
  const ssize_t written = ::write(descriptor_, text.data(), text.size());
  if (written != static_cast<ssize_t>(text.size())) {
    return make_error(std::string("cannot write the platform API's audit log: ") +
                      (written < 0 ? std::strerror(errno) : "short write"));
  }
  return ok();
}

}  // namespace ferry::api
