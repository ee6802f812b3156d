// A whole file mapped read-only into memory: its text without a copy. For ferry's own files that are written
// once under a temporary name and renamed into place (core/cache_file.h), never changed in place: a file
// another program may shorten while it is mapped would end the process (SIGBUS) when the lost part is read,
// so a user's file is read with core/file_text.h instead. The pages are the file's in the page cache: reading
// megabytes this way costs neither zeroing fresh memory nor a copy into it (docs/load-cache.md, "Narrow
// runs").
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string_view>

#include "core/error.h"

namespace ferry {

class MappedFile {
 public:
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  // The file at `path` mapped; nullopt when there is none. Errors name the path and the system's reason.
  static Result<std::optional<std::shared_ptr<const MappedFile>>> map_if_present(
      const std::filesystem::path& path);

  std::string_view text() const { return {static_cast<const char*>(address_), size_}; }

 private:
  struct Key {};  // only map_if_present() makes one

 public:
  MappedFile(Key, void* address, std::size_t size) : address_(address), size_(size) {}

 private:
  void* address_ = nullptr;  // nullptr for an empty file, which is not mapped
  std::size_t size_ = 0;
};

}  // namespace ferry
