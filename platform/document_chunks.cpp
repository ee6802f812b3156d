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

// Whether `text` holds a byte that lines cannot be cut at: a NUL (a UTF-16 or UTF-32 text), or a carriage
// return not followed by a line feed (a line break the lines counted here would miss). Found with find()
// (memchr), not by looking at every byte: a file of requests is megabytes at R = 10,000, and a narrow run
// cuts the changed one before anything else (docs/load-cache.md, "Narrow runs").
bool unsafe_bytes(std::string_view text) {
  if (text.find('\0') != std::string_view::npos) return true;
  for (std::size_t cr = text.find('\r'); cr != std::string_view::npos; cr = text.find('\r', cr + 1)) {
    if (cr + 1 == text.size() || text[cr + 1] != '\n') return true;
  }
  return false;
}

}  // namespace

std::optional<std::vector<DocumentChunk>> document_chunks(std::string_view text) {
  if (unsafe_bytes(text)) return std::nullopt;
  std::vector<DocumentChunk> chunks;
  std::size_t chunk_start = 0;
  int chunk_line = 0, line = 0;
  for (std::size_t at = 0; at < text.size(); ++line) {
    if (text[at] == '%') return std::nullopt;  // a directive belongs to the document after it
    if (at > 0 && is_marker(text, at)) {
      chunks.push_back({text.substr(chunk_start, at - chunk_start), chunk_line});
      chunk_start = at;
      chunk_line = line;
    }
    const std::size_t feed = text.find('\n', at);
    at = feed == std::string_view::npos ? text.size() : feed + 1;
  }
  chunks.push_back({text.substr(chunk_start), chunk_line});
  return chunks;
}

}  // namespace ferry::runner
