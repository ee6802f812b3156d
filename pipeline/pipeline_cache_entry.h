// What a pipeline produced (ProducedFile), and the text of one pipeline cache entry (pipeline_cache.h):
// what DiskPipelineCache writes to a file and reads back, checksummed.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ferry::pipeline {

// One file a pipeline left: under /kratix/output, or a regular file of /kratix/metadata.
struct ProducedFile {
  std::string area;  // "output" or "metadata"
  std::string path;  // relative to the area, '/'-separated
  std::string content;
  bool operator==(const ProducedFile&) const = default;
};

// The serialised form of an entry, exposed for tests: parse_cache_entry(format_cache_entry(k, f), k) == f;
// nullopt for anything damaged, truncated or stored under another key.
std::string format_cache_entry(const std::string& key, const std::vector<ProducedFile>& files);
std::optional<std::vector<ProducedFile>> parse_cache_entry(const std::string& text, const std::string& key);

}  // namespace ferry::pipeline
