// Starting the built ferry binary from a test, the one way end-to-end tests do it: its arguments
// (FerryArgs), what else a launch sets (FerryOptions: environment additions, working directory, time limit,
// stderr merged or apart), run_ferry and what it returns (FerryResult), and HeldLock, a lock the test holds
// while ferry runs, as a concurrent ferry run would. Launches that must signal ferry mid-run start it with
// spawn_in_own_group (test_support.h) and ferry_binary() instead.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace ferry::testing {

// The words after the binary's path, one argument each: no shell splits, expands or needs them quoted.
// `a + b` is a's words, then b's.
struct FerryArgs : std::vector<std::string> {
  using std::vector<std::string>::vector;
  friend FerryArgs operator+(FerryArgs first, const FerryArgs& then) {
    first.insert(first.end(), then.begin(), then.end());
    return first;
  }
};

struct FerryOptions {
  std::map<std::string, std::string> env;  // set for ferry only, over the test's own environment
  std::filesystem::path cwd;               // ferry's working directory; empty: the test's
  int timeout_seconds = 0;                 // 0: none; else SIGTERM after it (SIGKILL 10 s later), exit 124
  bool merge_stderr = false;               // stderr into `output`, interleaved as written
};

struct FerryResult {
  int exit_code = -1;        // 128 + N when killed by signal N, as a shell reports it
  std::string output;        // stdout (and stderr with merge_stderr)
  std::string error_output;  // stderr; empty with merge_stderr
};

// Runs `binary args...` with `options` and waits for it; stdin is the test's. Through /bin/sh (run() of
// test_support.h), every word quoted.
FerryResult run_binary(const std::filesystem::path& binary, const FerryArgs& args,
                       const FerryOptions& options = {});

// `binary args...` as one /bin/sh command, every word quoted: for a launch that wraps ferry in another
// command taking a command line (script(1) giving it a terminal).
std::string command_line(const std::filesystem::path& binary, const FerryArgs& args);

// flock(2) on `path` (created when missing) for the object's lifetime, as a running ferry holds its state
// lock: a ferry started meanwhile finds it taken. Close-on-exec, so no child keeps it. A test failure when
// the lock cannot be taken at once.
class HeldLock {
 public:
  explicit HeldLock(const std::filesystem::path& path);
  ~HeldLock();
  HeldLock(const HeldLock&) = delete;
  HeldLock& operator=(const HeldLock&) = delete;

 private:
  int fd_ = -1;
};

// FERRY_BINARY_DIR is defined for each test binary by ferry_test() (tests/CMakeLists.txt), not for the
// ferry_test_support library, hence these inline functions.
#ifdef FERRY_BINARY_DIR
// The ferry binary of this build.
inline std::string ferry_binary() {
  return std::string(FERRY_BINARY_DIR) + "/ferry";
}

inline FerryResult run_ferry(const FerryArgs& args, const FerryOptions& options = {}) {
  return run_binary(ferry_binary(), args, options);
}

inline std::string ferry_command_line(const FerryArgs& args) {
  return command_line(ferry_binary(), args);
}
#endif

}  // namespace ferry::testing
