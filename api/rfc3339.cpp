// rfc3339 (rfc3339.h), with gmtime_r: gcc 12's library has no std::format.
#include "api/rfc3339.h"

#include <ctime>

namespace ferry::api {

std::string rfc3339(std::chrono::system_clock::time_point time) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace ferry::api
