#include "core/owned_path.h"

#include <system_error>
#include <utility>

namespace ferry {

OwnedPath::OwnedPath(OwnedPath&& other) noexcept : path_(std::exchange(other.path_, {})) {}

OwnedPath& OwnedPath::operator=(OwnedPath&& other) noexcept {
  if (this != &other) {
    remove();
    path_ = std::exchange(other.path_, {});
  }
  return *this;
}

OwnedPath::~OwnedPath() {
  remove();
}

void OwnedPath::remove() {
  if (path_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  path_.clear();
}

}  // namespace ferry
