#include "writer/temp_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace ferry::writer {

Result<TempFile> TempFile::create(std::string_view hint, std::string_view content) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/ferry-" +
                        std::string(hint) + "-XXXXXX";
  const int fd = ::mkstemp(pattern.data());  // creates the file with mode 0600
  if (fd < 0) return make_error("cannot create a temporary file in " + pattern.substr(0, pattern.rfind('/')));
  TempFile file{std::filesystem::path(pattern)};
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  const bool closed = ::close(fd) == 0;
  if (written != content.size() || !closed) return make_error("cannot write temporary file " + pattern);
  return file;
}

}  // namespace ferry::writer
