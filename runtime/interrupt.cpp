// The signal handlers touch only lock-free atomics and call only async-signal-safe functions (write, kill,
// _exit, pause), so they are safe on whichever thread the kernel picks. The watchdog is an ordinary thread
// that sleeps in poll(2) until the first signal.
#include "runtime/interrupt.h"

#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <thread>

#include "core/interrupt_flag.h"

namespace ferry::runtime {
namespace {

std::atomic<bool> g_exit_pending{false};  // a second signal arrived inside a section
// Open UninterruptibleSections; kExiting once the hard exit has begun (later entries then wait for it).
constexpr int kExiting = INT_MIN / 2;
std::atomic<int> g_sections{0};
std::atomic<pid_t> g_children[kMaxChildren];

// What the hard exit prints: set before it can begin (a second signal, or the watchdog).
std::atomic<const char*> g_exit_message{
    "ferry: second signal: exiting at once; children killed, the scratch directory may remain\n"};

static_assert(std::atomic<int>::is_always_lock_free && std::atomic<pid_t>::is_always_lock_free);

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
  write_stderr(g_exit_message.load());
  ::_exit(128 + recorded_interrupt());
}

// Exits now unless a section is open; the last section to end exits then.
void exit_when_safe() {
  int none = 0;
  if (g_sections.compare_exchange_strong(none, kExiting)) hard_exit();
}

void on_signal(int signal) {
  const int saved_errno = errno;
  if (recorded_interrupt() != 0) {
    g_exit_pending.store(true);
    exit_when_safe();
  }
  record_interrupt(signal);
  errno = saved_errno;
}

bool any_child() {
  for (const auto& child : g_children) {
    if (child.load() > 0) return true;
  }
  return false;
}

// The watchdog's contract: the normal path gets kInterruptGrace after the first signal to end the run; while
// a registered child runs (a container being stopped as on a time-out) the grace starts again when the last
// one ends, for kChildStopLimit after the signal at most (a helper that hangs must not hold the run). When it
// runs out, something is stuck in a call that never checks the
// signal (a YAML parse of a huge file, a libgit2 read, a hash): the process then exits as a second signal
// would, children killed, after any open UninterruptibleSection (so no commit is left half-done). The state
// lock is an flock(2), which the kernel releases with the process.
void watch_for_a_stuck_run() {
  pollfd wake{interrupt_wake_fd(), POLLIN, 0};
  while (::poll(&wake, 1, -1) <= 0) {
  }
  using Clock = std::chrono::steady_clock;
  const auto children_limit = Clock::now() + kChildStopLimit;
  auto grace_ends = Clock::now() + kInterruptGrace;
  while (Clock::now() < grace_ends) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (any_child() && Clock::now() < children_limit) grace_ends = Clock::now() + kInterruptGrace;
  }
  g_exit_message.store(
      recorded_interrupt() == SIGINT
          ? "ferry: interrupted by SIGINT; the run did not stop within 1 s, so it ended at once (children "
            "killed, no commit left half-done, the scratch directory may remain)\n"
          : "ferry: interrupted by SIGTERM; the run did not stop within 1 s, so it ended at once (children "
            "killed, no commit left half-done, the scratch directory may remain)\n");
  g_exit_pending.store(true);
  exit_when_safe();  // else the last open section exits
}

}  // namespace

void install_interrupt_handlers() {
  static std::atomic<bool> installed{false};
  if (installed.exchange(true)) return;
  prepare_interrupt_flag();
  struct sigaction action {};
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
  std::thread(watch_for_a_stuck_run).detach();
}

bool interrupted() {
  return recorded_interrupt() != 0;
}
int interrupt_signal() {
  return recorded_interrupt();
}
int interrupt_exit_code() {
  return interrupted() ? 128 + recorded_interrupt() : 0;
}
int interrupt_fd() {
  return interrupt_wake_fd();
}

const char* interrupt_signal_name() {
  switch (recorded_interrupt()) {
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
  prepare_interrupt_flag();
  record_interrupt(signal);
}

void reset_interrupt_for_testing() {
  g_exit_pending.store(false);
  forget_interrupt_for_testing();
}

}  // namespace ferry::runtime
