// Cutting a YAML stream at its document start markers (document_chunks.h).
#include "platform/document_chunks.h"

namespace ferry::runner {
namespace {

// Whether the line starting at `at` is a document start marker.
bool is_marker(std::string_view text, std::size_t at) {
  if (text.compare(at, 3, "---") != 0) return false;
  if (at + 3 == text.size()) return true;
  const char next = text[at + 3];
  return next == ' ' || next == '\t' || next == '\r' || next == '\n';
}

// Whether the line starting at `at` (up to `end`, its line feed or the end) cannot be cut by lines.
bool unsafe_line(std::string_view text, std::size_t at, std::size_t end) {
  if (at < text.size() && text[at] == '%') return true;
  const bool fed = end < text.size();  // the line ends with a line feed, not the end of the text
  for (std::size_t i = at; i < end; ++i) {
    if (text[i] == '\0' || (text[i] == '\r' && !(fed && i + 1 == end))) return true;
  }
  return false;
}

}  // namespace

std::optional<std::vector<DocumentChunk>> document_chunks(std::string_view text) {
  std::vector<DocumentChunk> chunks;
  std::size_t chunk_start = 0;
  int chunk_line = 0, line = 0;
  for (std::size_t at = 0; at < text.size(); ++line) {
    const std::size_t feed = text.find('\n', at);
    const std::size_t end = feed == std::string_view::npos ? text.size() : feed;
    if (unsafe_line(text, at, end)) return std::nullopt;
    if (at > 0 && is_marker(text, at)) {
      chunks.push_back({text.substr(chunk_start, at - chunk_start), chunk_line});
      chunk_start = at;
      chunk_line = line;
    }
    at = end == text.size() ? end : end + 1;
  }
  chunks.push_back({text.substr(chunk_start), chunk_line});
  return chunks;
}

}  // namespace ferry::runner
