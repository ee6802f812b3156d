// ferry's one way to start a child process: what every container runtime shares for running command-line
// programs (podman, docker, runc, bwrap), also used by placement/'s external schedulers. Boost.Process stays
// inside cli_engine.cpp. Nothing here logs arguments: env values may be secret.
#pragma once

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime::cli {

using Clock = std::chrono::steady_clock;

// A private (0600, close-on-exec) temporary file receiving a child's stdout and stderr; removed when
// destroyed. file() is null when it could not be created.
class LogFile {
 public:
  LogFile();
  ~LogFile();
  LogFile(const LogFile&) = delete;
  LogFile& operator=(const LogFile&) = delete;

  FILE* file() const { return file_; }
  // The content; only the last MiB, after a note saying how much was left out, when it is longer.
  std::string read() const;

 private:
  std::string path_;
  FILE* file_ = nullptr;
};

// Where a child's standard streams are connected (a null one to /dev/null; one file may take several) and
// the directory it starts in (empty: ferry's own).
struct ChildSetup {
  FILE* in = nullptr;
  FILE* out = nullptr;
  FILE* err = nullptr;
  std::filesystem::path directory;
};

// One child process, leading its own process group (so a terminal's Ctrl-C reaches only ferry, which stops
// children in order; see runtime/interrupt.h) and registered for a hard exit. Destroying it kills the
// group and reaps a child still running, so no child outlives its owner on any path.
class ChildProcess {
 public:
  // Starts `exe` (an absolute path) with `args`, stdin from /dev/null; stdout and stderr go to `output`, or
  // nowhere when null. The Error reads "<exe>: <reason>".
  static Result<ChildProcess> start(const std::string& exe, const std::vector<std::string>& args,
                                    FILE* output);
  // The same with each stream and the working directory chosen; a directory it cannot enter fails the
  // start as a failed execve does ("<exe>: No such file or directory").
  static Result<ChildProcess> start(const std::string& exe, const std::vector<std::string>& args,
                                    const ChildSetup& setup);
  ChildProcess(ChildProcess&&) noexcept;
  ChildProcess& operator=(ChildProcess&&) noexcept;
  ~ChildProcess();

  // Polls until the child has exited (true) or the deadline has passed (false).
  bool wait_until(Clock::time_point deadline);
  // The same, also returning when ferry is interrupted (at once if it already was).
  enum class Waited { exited, deadline, interrupted };
  Waited wait_interruptibly(Clock::time_point deadline);
  // The shell convention: the exit status, or 128 + signal. Only after a wait reported the exit.
  int exit_code() const;
  // The signal that ended the child, 0 when it exited by itself (then exit_code() is its status). Only after
  // a wait reported the exit.
  int term_signal() const;
  // SIGKILL to its process group, then reap; then waits (10 s at most) until the child's own children have
  // exited too, so nothing it started is still running when this returns (bwrap's sandbox init would be).
  void kill();

 private:
  struct Impl;
  explicit ChildProcess(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// A program a runtime needs, and the advice for when it is missing.
struct Tool {
  std::string what;        // "podman": the word in messages
  std::string executable;  // a name searched on PATH, or a path
  std::string package;     // the Debian package that provides it

  // The path to start: `executable` searched on PATH when it has no slash. The Error reads
  // "cannot run <what>: \"<executable>\" is not on PATH (install it with: apt-get install <package>)".
  Result<std::string> locate() const;
  // A ChildProcess::start Error as "cannot run <what>: <exe>: <reason> (install it with: ...)".
  Error failed_start(const Error& error) const;
};

struct Captured {
  int exit_code = -1;  // -1: timed out (and killed)
  std::string output;  // stdout and stderr
};
// Runs a helper command (inspect, kill, rm, mount) to completion within `timeout`.
Result<Captured> run_captured(const std::string& exe, const std::vector<std::string>& args,
                              std::chrono::milliseconds timeout = std::chrono::seconds(30));
// The same, ignoring every failure.
void run_quietly(const std::string& exe, const std::vector<std::string>& args);

// Runs `child` until it exits, `timeout` passes or ferry is interrupted; in the last two cases calls
// `stop`, which must end it (the runtimes' kill path: engine kill and rm, runc kill and delete). An
// interrupted run reads as timed out to callers that only know time-outs (the workflow then fails and
// commits nothing); `interrupted` tells them apart.
struct Outcome {
  int exit_code = -1;
  bool timed_out = false;
  bool interrupted = false;
};
template <class Stop>
Outcome wait_or_stop(ChildProcess& child, Clock::duration timeout, Stop stop) {
  const ChildProcess::Waited waited = child.wait_interruptibly(Clock::now() + timeout);
  if (waited == ChildProcess::Waited::exited) return {child.exit_code(), false, false};
  stop();
  return {-1, true, waited == ChildProcess::Waited::interrupted};
}

// "ferry-<label with odd characters replaced>-<pid>-<counter>": unique in this process and across
// concurrent ferry processes; valid as a podman, docker and runc name ([a-zA-Z0-9][a-zA-Z0-9_.-]*).
std::string unique_name(const std::string& label);

// JSON text for a string and for a list of strings.
std::string json_string(const std::string& text);
std::string json_array(const std::vector<std::string>& items);

// What would make an engine misread the run (an image like an option, an env name with '='); empty when
// the run is fine.
std::string argument_problem(const ContainerRun& run);

// Why `runtime` (named as --runtime names it) cannot run `run`, which asks to join a network namespace
// (ContainerRun::network_namespace); empty when it asks none.
std::string network_namespace_problem(const ContainerRun& run, const std::string& runtime);

}  // namespace ferry::runtime::cli
