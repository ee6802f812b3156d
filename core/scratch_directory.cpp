#include "core/scratch_directory.h"

#include <stdlib.h>

#include <cerrno>
#include <string>

namespace fs = std::filesystem;

namespace ferry {

std::optional<ScratchDirectory> ScratchDirectory::create(const fs::path& parent, std::string_view prefix,
                                                         std::error_code& error) {
  error.clear();
  const fs::path base = parent.empty() ? fs::temp_directory_path(error) : parent;
  if (!error) fs::create_directories(base, error);
  if (error) return std::nullopt;
  std::string pattern = (base / (std::string(prefix) + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    error = std::error_code(errno, std::generic_category());
    return std::nullopt;
  }
  return ScratchDirectory(fs::path(pattern));
}

}  // namespace ferry
