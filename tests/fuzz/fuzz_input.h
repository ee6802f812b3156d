// What the fuzz targets share: the input as text, and the split of one input into the parts a target needs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

namespace ferry::fuzz {

inline std::string as_text(const std::uint8_t* data, std::size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

// Splits at the first line that is exactly `marker` (e.g. "#%status.yaml"): the text before it and after
// it. Without the marker line the whole text is the second part and the first is empty.
inline std::pair<std::string, std::string> split_at_marker(const std::string& text,
                                                           const std::string& marker) {
  const std::string line = marker + "\n";
  std::size_t at = text.starts_with(line) ? 0 : text.find("\n" + line);
  if (at == std::string::npos) return {"", text};
  if (at > 0) ++at;  // keep the newline that ends the first part
  return {text.substr(0, at), text.substr(at + line.size())};
}

}  // namespace ferry::fuzz
