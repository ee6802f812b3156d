#include "runner/state_access.h"

#include <system_error>

#include "writer/store_factory.h"

namespace ferry::runner {

std::filesystem::path default_state_dir(const std::filesystem::path& platform_dir) {
  return platform_dir / ".ferry" / "state.git";
}

writer::StoreSpec state_store_spec(const std::filesystem::path& state_dir) {
  writer::StoreSpec spec;
  spec.url = std::filesystem::absolute(state_dir).string();
  spec.branch = kStateBranch;
  return spec;
}

Result<OpenedState> open_run_state(const std::filesystem::path& state_dir) {
  std::error_code ec;
  std::filesystem::create_directories(state_dir.parent_path(), ec);
  if (ec)
    return make_error("cannot create the state directory " + state_dir.parent_path().string() + ": " +
                      ec.message());
  std::filesystem::path lock_path = state_dir;
  lock_path += ".lock";
  auto lock = writer::FileLock::try_acquire(lock_path);
  if (!lock) return lock.error();
  if (!*lock)
    return make_error("another ferry run is using the state " + state_dir.string() + " (lock " +
                      lock_path.string() +
                      "); wait for it to finish, or give this run its own state with --state DIR");
  auto store = writer::open_state_store(state_store_spec(state_dir));
  if (!store) return store.error();
  return OpenedState{std::move(**lock), std::move(*store)};
}

}  // namespace ferry::runner
