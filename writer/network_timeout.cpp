#include "writer/network_timeout.h"

#include <mutex>

namespace ferry::writer {
namespace {

std::mutex timeouts_mutex;
NetworkTimeouts current_timeouts;

}  // namespace

void set_network_timeouts(NetworkTimeouts timeouts) {
  const std::lock_guard lock(timeouts_mutex);
  current_timeouts = timeouts;
}

NetworkTimeouts network_timeouts() {
  const std::lock_guard lock(timeouts_mutex);
  return current_timeouts;
}

}  // namespace ferry::writer
