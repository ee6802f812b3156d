// The recorded signal and its self-pipe, as lock-free atomics so that a handler may set them.
#include "core/interrupt_flag.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>

namespace ferry {
namespace {

std::atomic<int> g_signal{0};    // the first signal, 0 until one arrives
std::atomic<int> g_read_fd{-1};  // the self-pipe
std::atomic<int> g_write_fd{-1};

static_assert(std::atomic<int>::is_always_lock_free);

}  // namespace

void prepare_interrupt_flag() {
  if (g_read_fd.load() >= 0) return;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return;
  g_write_fd.store(fds[1]);
  g_read_fd.store(fds[0]);
}

bool record_interrupt(int signal) {
  int none = 0;
  if (!g_signal.compare_exchange_strong(none, signal)) return false;
  const char byte = 'x';
  if (const int fd = g_write_fd.load(); fd >= 0) [[maybe_unused]]
    ssize_t ignored = ::write(fd, &byte, 1);
  return true;
}

int recorded_interrupt() {
  return g_signal.load();
}

int interrupt_wake_fd() {
  return g_read_fd.load();
}

void forget_interrupt_for_testing() {
  char buffer[64];
  if (const int fd = g_read_fd.load(); fd >= 0) {
    while (::read(fd, buffer, sizeof buffer) > 0) {
    }
  }
  g_signal.store(0);
}

}  // namespace ferry
