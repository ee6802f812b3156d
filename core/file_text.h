// Reading a whole file as bytes: the one place that does it for code that must tell "cannot read" apart.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace ferry {

// The file's bytes, or nullopt when it cannot be opened (missing, a directory, no permission).
std::optional<std::string> read_file_text(const std::filesystem::path& path);

}  // namespace ferry
