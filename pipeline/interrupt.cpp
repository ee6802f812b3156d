// The signal handlers touch only lock-free atomics and call only async-signal-safe functions (write, kill,
// _exit, pause), so they are safe on whichever thread the kernel picks.
#include "pipeline/interrupt.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>

namespace ferry::pipeline {
namespace {

std::atomic<int> g_signal{0};    // the first signal, 0 until one arrives
std::atomic<int> g_read_fd{-1};  // the self-pipe
std::atomic<int> g_write_fd{-1};
std::atomic<bool> g_exit_pending{false};  // a second signal arrived inside a section
// Open UninterruptibleSections; kExiting once the hard exit has begun (later entries then wait for it).
constexpr int kExiting = INT_MIN / 2;
std::atomic<int> g_sections{0};
std::atomic<pid_t> g_children[kMaxChildren];

static_assert(std::atomic<int>::is_always_lock_free && std::atomic<pid_t>::is_always_lock_free);

void ensure_pipe() {
  if (g_read_fd.load() >= 0) return;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return;
  g_write_fd.store(fds[1]);
  g_read_fd.store(fds[0]);
}

void write_stderr(const char* text) {
  std::size_t length = 0;
  while (text[length] != '\0') ++length;
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, text, length);
}

// SIGKILL to every child's process group, then exit as the first signal says. Never returns.
[[noreturn]] void hard_exit() {
  for (auto& child : g_children) {
    const pid_t pid = child.load();
    if (pid > 0) ::kill(-pid, SIGKILL);
  }
  write_stderr("ferry: second signal: exiting at once; children killed, the scratch directory may remain\n");
  ::_exit(128 + g_signal.load());
}

// Exits now unless a section is open; the last section to end exits then.
void exit_when_safe() {
  int none = 0;
  if (g_sections.compare_exchange_strong(none, kExiting)) hard_exit();
}

void record(int signal) {
  int none = 0;
  if (g_signal.compare_exchange_strong(none, signal)) {
    const char byte = 'x';
    if (const int fd = g_write_fd.load(); fd >= 0) [[maybe_unused]]
      ssize_t ignored = ::write(fd, &byte, 1);
  }
}

void on_signal(int signal) {
  const int saved_errno = errno;
  if (g_signal.load() != 0) {
    g_exit_pending.store(true);
    exit_when_safe();
  }
  record(signal);
  errno = saved_errno;
}

}  // namespace

void install_interrupt_handlers() {
  ensure_pipe();
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

bool interrupted() {
  return g_signal.load() != 0;
}
int interrupt_signal() {
  return g_signal.load();
}
int interrupt_exit_code() {
  return interrupted() ? 128 + g_signal.load() : 0;
}
int interrupt_fd() {
  return g_read_fd.load();
}

const char* interrupt_signal_name() {
  switch (g_signal.load()) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    default:
      return "a signal";
  }
}

void register_child(pid_t pid) {
  for (auto& slot : g_children) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void unregister_child(pid_t pid) {
  for (auto& slot : g_children) {
    pid_t mine = pid;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

UninterruptibleSection::UninterruptibleSection() {
  if (g_sections.fetch_add(1) < 0) {
    for (;;) ::pause();  // the hard exit is under way on another thread
  }
}

UninterruptibleSection::~UninterruptibleSection() {
  if (g_sections.fetch_sub(1) == 1 && g_exit_pending.load()) exit_when_safe();
}

void interrupt_for_testing(int signal) {
  ensure_pipe();
  record(signal);
}

void reset_interrupt_for_testing() {
  char buffer[64];
  if (const int fd = g_read_fd.load(); fd >= 0) {
    while (::read(fd, buffer, sizeof buffer) > 0) {
    }
  }
  g_exit_pending.store(false);
  g_signal.store(0);
}

}  // namespace ferry::pipeline
