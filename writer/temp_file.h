// A temporary file that only its owner may read (mode 0600), for secrets and settings that libgit2 or
// libssh2 will only take from a file. Removed when the TempFile is destroyed, whatever happened meanwhile.
#pragma once

#include <filesystem>
#include <string_view>

#include "core/error.h"
#include "core/owned_path.h"

namespace ferry::writer {

class TempFile {
 public:
  // A new file in $TMPDIR (or /tmp) named ferry-<hint>-XXXXXX, holding `content`.
  static Result<TempFile> create(std::string_view hint, std::string_view content);

  // Move-only; destroying it removes the file (core/owned_path.h).
  const std::filesystem::path& path() const { return owned_.path(); }

 private:
  explicit TempFile(std::filesystem::path path) : owned_(std::move(path)) {}
  OwnedPath owned_;
};

}  // namespace ferry::writer
