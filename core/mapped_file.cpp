#include "core/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ferry {
namespace {

Error failed(const std::filesystem::path& path, const char* what) {
  return make_error("cannot " + std::string(what) + " " + path.string() + ": " + std::strerror(errno));
}

// The descriptor of an open file, closed when done.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

MappedFile::~MappedFile() {
  if (address_ != nullptr) ::munmap(address_, size_);
}

Result<std::optional<std::shared_ptr<const MappedFile>>> MappedFile::map_if_present(
    const std::filesystem::path& path) {
  Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) {
    if (errno == ENOENT) return std::optional<std::shared_ptr<const MappedFile>>();
    return failed(path, "open");
  }
  struct stat status {};
  if (::fstat(file.fd, &status) != 0) return failed(path, "read");
  if (!S_ISREG(status.st_mode)) return make_error("cannot map " + path.string() + ": not a regular file");
  const auto size = static_cast<std::size_t>(status.st_size);
  void* address = nullptr;
  if (size > 0) {
    // Populated at once: the caller reads all of it, and one call maps the pages faster than a fault each.
    address = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, file.fd, 0);
    if (address == MAP_FAILED) return failed(path, "map");
  }
  return std::optional<std::shared_ptr<const MappedFile>>(
      std::make_shared<const MappedFile>(Key{}, address, size));
}

}  // namespace ferry
