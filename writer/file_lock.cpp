#include "writer/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace ferry::writer {

Result<std::optional<FileLock>> FileLock::lock(const std::filesystem::path& path, int operation) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return make_error("cannot open lock file " + path.string() + ": " +
                      std::generic_category().message(errno));
  FileLock lock(fd);  // closes fd on every path below
  int rc = 0;
  while ((rc = ::flock(fd, operation)) != 0 && errno == EINTR) {
  }
  if (rc != 0 && errno == EWOULDBLOCK) return std::optional<FileLock>();
  if (rc != 0)
    return make_error("cannot lock " + path.string() + ": " + std::generic_category().message(errno));
  return std::optional<FileLock>(std::move(lock));
}

Result<FileLock> FileLock::acquire(const std::filesystem::path& path) {
  auto locked = lock(path, LOCK_EX);
  if (!locked) return locked.error();
  return std::move(**locked);  // a blocking flock never finds the lock held
}

Result<std::optional<FileLock>> FileLock::try_acquire(const std::filesystem::path& path) {
  return lock(path, LOCK_EX | LOCK_NB);
}

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace ferry::writer
