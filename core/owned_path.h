// A path its owner removes, with everything below it, on every exit path: the one RAII type behind ferry's
// scratch directories (scratch_directory.h) and private temporary files (writer/temp_file.h), which add
// only how the path is made.
#pragma once

#include <filesystem>

namespace ferry {

class OwnedPath {
 public:
  OwnedPath() = default;  // owns nothing
  explicit OwnedPath(std::filesystem::path path) : path_(std::move(path)) {}

  OwnedPath(OwnedPath&& other) noexcept;
  OwnedPath& operator=(OwnedPath&& other) noexcept;
  OwnedPath(const OwnedPath&) = delete;
  OwnedPath& operator=(const OwnedPath&) = delete;
  // Removes the path (a file, or a directory and its content); best effort: a destructor has nothing useful
  // to do on failure.
  ~OwnedPath();

  const std::filesystem::path& path() const { return path_; }

 private:
  void remove();
  std::filesystem::path path_;
};

}  // namespace ferry
