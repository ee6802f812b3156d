// Opening the recorded state of a run (run_state.h, docs/state.md) for the command line: where it lives,
// and the lock that keeps two runs on one machine from working against the same state at once.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "core/error.h"
#include "writer/file_lock.h"
#include "writer/state_store.h"
#include "writer/store_spec.h"

namespace ferry::runner {

// The branch of the state repository that holds the records.
inline constexpr const char* kStateBranch = "state";

// Where the state lives when --state is not given: <platform>/.ferry/state.git (the loader skips
// dot-directories, so the platform never reads it as input).
std::filesystem::path default_state_dir(const std::filesystem::path& platform_dir);

// How the state repository at `state_dir` is opened: a local bare repository, branch "state".
writer::StoreSpec state_store_spec(const std::filesystem::path& state_dir);

// The state repository of a run, opened and locked for as long as this lives. The lock is
// <state dir>.lock beside the repository; the kernel drops it when ferry dies, so no stale lock remains.
struct OpenedState {
  writer::FileLock lock;
  std::unique_ptr<writer::StateStore> store;
};

// Opens (creating on first commit) the bare repository at `state_dir`, branch "state". A state another run
// holds is an error that says so:
//   another ferry run is using the state <dir> (lock <dir>.lock); wait for it to finish, or give this run
//   its own state with --state DIR
Result<OpenedState> open_run_state(const std::filesystem::path& state_dir);

}  // namespace ferry::runner
