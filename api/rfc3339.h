// A time as Kubernetes writes metadata.creationTimestamp: RFC 3339 in UTC, whole seconds
// ("2026-11-26T10:40:00Z").
#pragma once

#include <chrono>
#include <string>

namespace ferry::api {

std::string rfc3339(std::chrono::system_clock::time_point time);

}  // namespace ferry::api
