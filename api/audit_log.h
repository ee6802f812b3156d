// The platform API's audit log (`--api-audit-file`): one JSON line per request, written as the response
// goes out:
//   {"time":"2026-11-26T10:00:00Z","pipeline":"redis-resource-configure-instance",
//    "serviceAccount":"system:serviceaccount:default:sa","verb":"get","path":"/api/v1/...","code":200}
// The verb is Kubernetes' (request_info.h's audit_verb); the path is the request-target as sent (a query
// names selectors, never a value); bodies, headers and tokens are never written. Several pipelines' servers
// may share one log: each line is one write(2) on a descriptor opened with O_APPEND, under a mutex.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <string>

#include "core/error.h"

namespace ferry::api {

struct AuditEntry {
  std::string pipeline;
  std::string user;
  std::string verb;
  std::string target;
  int code = 0;
};

class AuditLog {
 public:
  // Opens (creates, appends to) `path`.
  static Result<std::shared_ptr<AuditLog>> open(const std::filesystem::path& path);
  ~AuditLog();
  AuditLog(const AuditLog&) = delete;
  AuditLog& operator=(const AuditLog&) = delete;

  // The line of `entry` at `time` (rfc3339.h's text).
  static std::string line(const AuditEntry& entry, const std::string& time);
  // Appends `entry`'s line; a failed write is returned (the server goes on answering).
  Status append(const AuditEntry& entry, const std::string& time);

 private:
  explicit AuditLog(int descriptor) : descriptor_(descriptor) {}
  int descriptor_;
  std::mutex mutex_;
};

}  // namespace ferry::api
