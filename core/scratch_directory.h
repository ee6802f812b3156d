// A scratch directory: a fresh private directory that its owner removes, with everything in it, on every
// exit path. For a run's scratch space, a pipeline's mounts, an external scheduler's files.
#pragma once

#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>

#include "core/owned_path.h"

namespace ferry {

class ScratchDirectory {
 public:
  // Makes `<parent>/<prefix>XXXXXX` with mkdtemp: always a new directory (mode 0700), never one that
  // already existed, such as the one a killed run with the same name left behind. `parent` empty means the
  // system's temporary directory; a missing parent is created. nullopt when it cannot be made; `error`
  // says why (as std::filesystem's non-throwing calls do).
  static std::optional<ScratchDirectory> create(const std::filesystem::path& parent, std::string_view prefix,
                                                std::error_code& error);

  // Move-only; destroying it removes the directory and its content (owned_path.h).
  const std::filesystem::path& path() const { return owned_.path(); }

 private:
  explicit ScratchDirectory(std::filesystem::path path) : owned_(std::move(path)) {}
  OwnedPath owned_;
};

}  // namespace ferry
