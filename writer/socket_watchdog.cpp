#include "writer/socket_watchdog.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <algorithm>
#include <utility>

namespace ferry::writer::git {
namespace {

constexpr std::chrono::milliseconds kCheckEvery{100};

// Milliseconds since a byte last went or came on `socket`; 0 when the kernel cannot say (never fires).
std::chrono::milliseconds quiet_for(int socket) {
  tcp_info info{};
  socklen_t size = sizeof info;
  if (::getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return std::chrono::milliseconds(0);
  return std::chrono::milliseconds(std::min(info.tcpi_last_data_recv, info.tcpi_last_data_sent));
}

}  // namespace

SocketWatchdog::SocketWatchdog(int socket, std::chrono::milliseconds idle, std::function<void()> on_idle)
    : socket_(socket),
      idle_(idle),
      on_idle_(std::move(on_idle)),
      thread_([this](std::stop_token stop) { watch(stop); }) {}

SocketWatchdog::~SocketWatchdog() {
  thread_.request_stop();  // wakes the wait below at once
  thread_.join();
}

void SocketWatchdog::watch(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, stop, kCheckEvery, [] { return false; })) {
    if (stop.stop_requested()) return;
    if (quiet_for(socket_) < idle_) continue;
    on_idle_();
    ::shutdown(socket_, SHUT_RDWR);
    return;
  }
}

}  // namespace ferry::writer::git
