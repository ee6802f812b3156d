#include "run/state_access.h"

#include <cstdio>
#include <system_error>

#include "core/stable_hash.h"
#include "writer/store_factory.h"
#include "writer/store_url.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

std::string hex16(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// A branch of a Git repository: locked in the repository when it is on this machine, else in the cache.
StateLocation repository_state(const std::string& url, const std::string& branch,
                               const PlatformSource& platform, const PlatformAccess& access) {
  StateLocation location;
  location.spec = platform_store_spec(platform, branch, access);
  location.spec.url = url;
  location.display = writer::redact_url(url) + " (branch " + branch + ")";
  auto parsed = writer::parse_store_url(url, fs::current_path());
  if (parsed && !parsed->local_path.empty()) {
    location.lock_path = parsed->local_path / (std::string(kPlatformStateBranch) + ".lock");
  } else {
    const std::string key = writer::redact_url(url) + "\n" + branch;
    location.lock_path = access.cache_dir / ("state-" + hex16(stable_hash(key)) + ".lock");
  }
  return location;
}

StateLocation directory_state(const fs::path& dir) {
  fs::path lock_path = dir;
  lock_path += ".lock";
  return StateLocation{state_store_spec(dir), lock_path, dir.string(), dir};
}

StateLocation with_branch(StateLocation location, const std::string& branch) {
  if (!branch.empty()) location.spec.branch = branch;
  return location;
}

bool is_url(const std::string& text) {
  auto parsed = writer::parse_store_url(text, fs::current_path());
  return parsed && parsed->transport != writer::StoreTransport::kLocalPath;
}

}  // namespace

fs::path default_state_dir(const fs::path& platform_dir) {
  return platform_dir / ".ferry" / "state.git";
}

writer::StoreSpec state_store_spec(const fs::path& state_dir) {
  writer::StoreSpec spec;
  spec.url = fs::absolute(state_dir).string();
  spec.branch = kStateBranch;
  return spec;
}

StateLocation state_location(const std::string& state_option, const PlatformSource& platform,
                             const PlatformAccess& access, const std::string& branch) {
  const auto branch_or = [&branch](const char* fallback) {
    return branch.empty() ? std::string(fallback) : branch;
  };
  if (!state_option.empty()) {
    if (is_url(state_option))
      return repository_state(state_option, branch_or(kStateBranch), platform, access);
    return with_branch(directory_state(state_option), branch);
  }
  if (platform.is_git_repository())
    return repository_state(platform.repository, branch_or(kPlatformStateBranch), platform, access);
  return with_branch(directory_state(default_state_dir(platform.root)), branch);
}

Result<OpenedState> open_run_state(const StateLocation& location) {
  std::error_code ec;
  // Absolute: the lock of a relative "--state st.git" is "st.git.lock", whose parent is "" as written.
  fs::create_directories(fs::absolute(location.lock_path).parent_path(), ec);
  if (ec)
    return make_error("cannot create the state directory " + location.lock_path.parent_path().string() +
                      ": " + ec.message());
  auto lock = writer::FileLock::try_acquire(location.lock_path);
  if (!lock) return lock.error();
  if (!*lock)
    return make_error("another ferry run is using the state " + location.display + " (lock " +
                      location.lock_path.string() +
                      "); wait for it to finish, or give this run its own state with --state DIR");
  auto store = writer::open_state_store(location.spec);
  if (!store) return store.error();
  return OpenedState{std::move(**lock), std::move(*store)};
}

Result<std::unique_ptr<writer::StateStore>> open_state_for_reading(const StateLocation& location) {
  std::error_code ec;
  if (location.directory && !fs::is_directory(*location.directory, ec))
    return std::unique_ptr<writer::StateStore>();
  return writer::open_state_store(location.spec);
}

}  // namespace ferry::runner
