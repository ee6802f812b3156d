// A temporary file that only its owner may read (mode 0600), for secrets and settings that libgit2 or
// libssh2 will only take from a file. Removed when the TempFile is destroyed, whatever happened meanwhile.
#pragma once

#include <filesystem>
#include <string_view>

#include "core/error.h"

namespace ferry::writer {

class TempFile {
 public:
  // A new file in $TMPDIR (or /tmp) named ferry-<hint>-XXXXXX, holding `content`.
  static Result<TempFile> create(std::string_view hint, std::string_view content);

  TempFile(TempFile&& other) noexcept;
  TempFile& operator=(TempFile&& other) noexcept;
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile();

  const std::filesystem::path& path() const { return path_; }

 private:
  explicit TempFile(std::filesystem::path path) : path_(std::move(path)) {}
  void remove();
  std::filesystem::path path_;
};

}  // namespace ferry::writer
