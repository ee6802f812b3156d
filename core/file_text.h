// Reading and writing a whole file as bytes: the one place that does it for code that must tell "cannot
// read" apart, or say why a write failed (a full disk, a missing directory, no permission).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "core/error.h"

namespace ferry {

// The file's bytes, or nullopt when it cannot be opened (missing, a directory, no permission).
std::optional<std::string> read_file_text(const std::filesystem::path& path);

// The file's bytes; nullopt when there is no such file (ENOENT, or a path component that is not a
// directory); any other failure to open or read it is an Error "cannot read PATH: <the system's reason>".
// For readers that must not take an unreadable file for a missing one.
Result<std::optional<std::string>> read_file_if_present(const std::filesystem::path& path);

// Creates or truncates `path` (mode 0644 before the umask) and writes `bytes`, flushed by close. Error:
// "cannot write PATH: <the system's reason>", e.g. "No space left on device"; a failed write may leave the
// file partly written, so callers that need all-or-nothing write a temporary name and rename it.
Status write_file_bytes(const std::filesystem::path& path, const std::string& bytes);

}  // namespace ferry
