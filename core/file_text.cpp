#include "core/file_text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ferry {

std::optional<std::string> read_file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

namespace {

Error read_error(const std::filesystem::path& path, int error) {
  return make_error("cannot read " + path.string() + ": " + std::strerror(error));
}

}  // namespace

Result<std::optional<std::string>> read_file_if_present(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return std::optional<std::string>();
    return read_error(path, errno);
  }
  // Read straight into the string, sized by fstat with a byte to spare (so that the end is seen without
  // growing it), not through a buffer: the memo and the files of requests are megabytes at R = 10,000.
  std::string bytes;
  if (struct stat status{}; ::fstat(fd, &status) == 0 && status.st_size > 0)
    bytes.resize(static_cast<std::size_t>(status.st_size) + 1);
  std::size_t used = 0;
  for (;;) {
    if (used == bytes.size()) bytes.resize(2 * bytes.size() + 65536);  // grown since, or no size known
    const ssize_t got = ::read(fd, bytes.data() + used, bytes.size() - used);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      return read_error(path, error);
    }
    if (got == 0) break;
    used += static_cast<std::size_t>(got);
  }
  ::close(fd);
  bytes.resize(used);
  return std::optional<std::string>(std::move(bytes));
}

namespace {

Error write_error(const std::filesystem::path& path, int error) {
  return make_error("cannot write " + path.string() + ": " + std::strerror(error));
}

}  // namespace

Status write_file_bytes(const std::filesystem::path& path, const std::string& bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return write_error(path, errno);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      ::close(fd);
      return write_error(path, error);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return write_error(path, errno);  // NFS and some file systems report ENOSPC here
  return ok();
}

}  // namespace ferry
