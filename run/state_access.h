// Opening the recorded state of a run (run_state.h, docs/state.md) for the command line: where it lives,
// and the lock that keeps two runs on one machine from working against the same state at once.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/error.h"
#include "platform/platform_source.h"
#include "writer/file_lock.h"
#include "writer/state_store.h"
#include "writer/store_spec.h"

namespace ferry::runner {

// The branch that holds the records in a state repository of its own (--state, or .ferry/state.git).
inline constexpr const char* kStateBranch = "state";
// The branch that holds them in the platform repository, when the platform is a Git repository.
inline constexpr const char* kPlatformStateBranch = "ferry-state";

// Where the state lives when --state is not given and the platform is no Git repository:
// <platform>/.ferry/state.git (the loader skips dot-directories, so the platform never reads it as input).
std::filesystem::path default_state_dir(const std::filesystem::path& platform_dir);

// How the state repository at `state_dir` is opened: a local bare repository, branch "state".
writer::StoreSpec state_store_spec(const std::filesystem::path& state_dir);

// Where a run's records are, and the lock of runs on this machine.
struct StateLocation {
  writer::StoreSpec spec;
  std::filesystem::path lock_path;
  std::string display;  // for messages: the directory as given, or "<URL> (branch <branch>)"
  // A state directory of its own (not a branch of a repository that exists anyway): absent until the first
  // record, so readers check for it before opening anything.
  std::optional<std::filesystem::path> directory;
};

// `state_option` (--state: a directory, or a URL whose branch "state" holds the records) or the default:
// the platform repository's kPlatformStateBranch when the platform is a Git repository, else
// default_state_dir. The lock is <dir>.lock for a directory, <repository>/ferry-state.lock for a local
// repository, and <cache dir>/state-<16 hex digits of the URL and branch>.lock for a remote one. Remote
// state uses the platform's credentials (platform_source.h). `branch` (--state-branch), when not empty,
// replaces the branch of either form, and of the default on a Git platform.
StateLocation state_location(const std::string& state_option, const PlatformSource& platform,
                             const PlatformAccess& access, const std::string& branch = "");

// The state repository of a run, opened and locked for as long as this lives. The kernel drops the lock
// when ferry dies, so no stale lock remains.
struct OpenedState {
  writer::FileLock lock;
  std::unique_ptr<writer::StateStore> store;
};

// Opens (creating on first commit) the state at `location` and takes its lock. A state another run holds is
// an error that says so:
//   another ferry run is using the state <display> (lock <lock path>); wait for it to finish, or give this
//   run its own state with --state DIR
Result<OpenedState> open_run_state(const StateLocation& location);

// The state at `location` to read without the lock (status, plan): null when it is a directory not made yet.
Result<std::unique_ptr<writer::StateStore>> open_state_for_reading(const StateLocation& location);

}  // namespace ferry::runner
