// Ctrl-C and SIGTERM (docs/reliability.md, "Interrupts"). The handlers only record the signal: an atomic
// flag and a byte on a self-pipe, both async-signal-safe. Everything else happens on the normal path:
// waits for containers wake up (interrupt_fd()), the running containers are stopped as on a time-out, no
// new work starts, destructors remove temporary directories and release locks, and the binary exits
// 128 + the signal (130 for SIGINT, 143 for SIGTERM).
//
// Where the run can stop, it checks the signal: the platform loader between files, the writer's network
// stream (core/interrupt_flag.h) in every wait and libgit2's transfer callbacks. Where it cannot (one YAML
// parse, a libgit2 object read, a hash), a watchdog thread ends the run kInterruptGrace after the signal
// (or after the last child ends, while children are being stopped, up to kChildStopLimit), as a second
// signal would.
//
// A second signal exits at once (after SIGKILL to every child's process group), except inside an
// UninterruptibleSection (a commit in flight), which it lets finish first.
#pragma once

#include <sys/types.h>

#include <chrono>

namespace ferry::runtime {

// How long the normal path has to end the run after the signal before the watchdog ends it; while children
// run (containers being stopped), one grace after the last ends, up to kChildStopLimit after the signal.
inline constexpr std::chrono::seconds kInterruptGrace{1};
inline constexpr std::chrono::seconds kChildStopLimit{10};

// Installs the SIGINT and SIGTERM handlers (SA_RESTART), creates the self-pipe and starts the watchdog.
// Call once, early in main, before any thread starts. Idempotent.
void install_interrupt_handlers();

// True once SIGINT or SIGTERM has arrived (after install_interrupt_handlers, or interrupt_for_testing).
bool interrupted();
// The first signal received (SIGINT, SIGTERM), 0 when none.
int interrupt_signal();
// 128 + interrupt_signal(): the shell convention for "killed by that signal". 0 when not interrupted.
int interrupt_exit_code();
// "SIGINT", "SIGTERM", or "a signal" (none yet, or another one).
const char* interrupt_signal_name();
// A descriptor that becomes readable at the first signal and stays readable (nothing drains it): poll it
// beside what a wait waits for. -1 before install_interrupt_handlers.
int interrupt_fd();

// The process (group leader) ids a hard exit kills. At most kMaxChildren at once; more are not tracked
// (the normal path still stops them). Async-signal-safe to read; register/unregister from any thread.
inline constexpr int kMaxChildren = 256;
void register_child(pid_t pid);
void unregister_child(pid_t pid);

// Delays a second signal's immediate exit while something must land whole (a Git commit and its ref
// update): the exit then happens when the last section ends. Nestable, any thread. A thread entering
// one while that exit is under way waits for it (forever).
class UninterruptibleSection {
 public:
  UninterruptibleSection();
  ~UninterruptibleSection();
  UninterruptibleSection(const UninterruptibleSection&) = delete;
  UninterruptibleSection& operator=(const UninterruptibleSection&) = delete;
};

// The message of an object an interrupt kept from running (or stopped while its workflow ran): reported
// pending, nothing committed for it, so the next run does it.
inline constexpr const char* kNotRunMessage = "not run: ferry was interrupted";

// Tests: behave as if `signal` had arrived (the handler's own path, without a hard exit on a second call),
// and forget every signal again.
void interrupt_for_testing(int signal);
void reset_interrupt_for_testing();

}  // namespace ferry::runtime
