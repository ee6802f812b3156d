// The SIGINT or SIGTERM that runtime/interrupt.h's handlers recorded, readable from every folder: the
// writer's network stream and libgit2's progress callbacks check it where they can stop; work that cannot
// check it (a parse, an object read) is ended by runtime/interrupt.h's watchdog (docs/reliability.md,
// "Interrupts"). Recording touches only a lock-free atomic and write(2) on a self-pipe, so it is
// async-signal-safe; the handlers themselves (second signals, child process groups, the watchdog) live
// in runtime/interrupt.h.
#pragma once

namespace ferry {

// Creates the self-pipe behind interrupt_wake_fd(). Idempotent; not async-signal-safe (call it first).
void prepare_interrupt_flag();

// Records `signal` when it is the first; true when it was. Async-signal-safe.
bool record_interrupt(int signal);

// The first signal recorded, 0 when none.
int recorded_interrupt();

// A descriptor that becomes readable at the first signal and stays readable (nothing drains it): poll it
// beside what a wait waits for. -1 before prepare_interrupt_flag().
int interrupt_wake_fd();

// Tests: forget the recorded signal (and drain the pipe).
void forget_interrupt_for_testing();

}  // namespace ferry
