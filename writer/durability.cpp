#include "writer/durability.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "writer/git_handles.h"

namespace ferry::writer {
namespace {

Error system_error(const std::string& what, const std::filesystem::path& path) {
  return make_error("cannot " + what + " " + path.string() + ": " + std::strerror(errno));
}

// The whole of `bytes` to `fd`, through short writes and interruptions.
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

}  // namespace

void set_fsync(bool on) {
  store_fsync_setting(on);
  git::ensure_initialised();  // which applies the setting to libgit2 when it first runs
  git_libgit2_opts(GIT_OPT_ENABLE_FSYNC_GITDIR, on ? 1 : 0);
}

Status write_new_file(const std::filesystem::path& path, std::string_view bytes) {
  return write_new_file(path, std::vector<std::string_view>{bytes});
}

Status write_new_file(const std::filesystem::path& path, const std::vector<std::string_view>& pieces) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
  if (fd < 0) return system_error("create", path);
  bool written = true;
  for (std::size_t i = 0; written && i < pieces.size(); ++i) written = write_all(fd, pieces[i]);
  written = written && (!fsync_on() || ::fsync(fd) == 0);
  const int write_errno = errno;
  const bool closed = ::close(fd) == 0;
  if (!written) errno = write_errno;
  if (!written || !closed) return system_error("write", path);
  return ok();
}

Status sync_directory(const std::filesystem::path& directory) {
  if (!fsync_on()) return ok();
  const std::filesystem::path named = directory.empty() ? std::filesystem::path(".") : directory;
  const int fd = ::open(named.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return system_error("open the directory", named);
  const bool synced = ::fsync(fd) == 0;
  const int sync_errno = errno;
  ::close(fd);
  errno = sync_errno;
  if (!synced) return system_error("fsync the directory", named);
  return ok();
}

}  // namespace ferry::writer
