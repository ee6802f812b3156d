// bounded_container_log: the tail of a container's output, with the cut marked.
#include "pipeline/container_log.h"

namespace ferry::pipeline {

std::string bounded_container_log(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t start = text.size() - max_bytes;
  // Start at a whole line when one starts within the kept bytes; a single long line is cut mid-line.
  if (const std::size_t newline = text.find('\n', start); start > 0 && text[start - 1] != '\n' &&
                                                          newline != std::string_view::npos &&
                                                          newline + 1 < text.size()) {
    start = newline + 1;
  }
  return "[ferry: " + std::to_string(start) + " earlier bytes of this log were cut]\n" +
         std::string(text.substr(start));
}

}  // namespace ferry::pipeline
