// The pipeline cache (docs/pipeline-cache.md): what a pipeline produced, kept under a digest of everything
// that went into it (pipeline_cache_key.h), so a pipeline whose inputs did not change is not run again.
// Implementations: DiskPipelineCache (survives runs) and MemoryPipelineCache (a recording fake for tests).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/pipeline_cache_entry.h"

namespace ferry::pipeline {

// Must be safe to call from several threads at once. The cache is best effort: a failure to read or
// write an entry is never an error of the pipeline, only a miss (and a warning for damaged entries).
class PipelineCache {
 public:
  virtual ~PipelineCache() = default;
  // What was stored under `key`; nullopt on a miss.
  virtual std::optional<std::vector<ProducedFile>> load(const std::string& key) = 0;
  // Stores `files` under `key`, replacing any entry stored there before.
  virtual void store(const std::string& key, const std::vector<ProducedFile>& files) = 0;
};

// Receives the cache's warnings (damaged entries, an unwritable directory); the runner logs them.
using CacheWarning = std::function<void(const std::string&)>;

// The default bound of a DiskPipelineCache: entries beyond it are evicted, least recently used first.
inline constexpr std::uintmax_t kDefaultPipelineCacheBytes = std::uintmax_t{1} << 30;

// One file per entry, <dir>/<key>.entry, written to a temporary file in <dir> and renamed into place, so
// readers and a concurrent writer of the same key never see half an entry. A checksum over the whole
// entry turns a damaged or truncated file into a miss (with a warning) and removes it. A hit refreshes the
// entry's modification time; after each store the oldest entries are removed until the directory holds
// at most max_bytes of entries.
class DiskPipelineCache : public PipelineCache {
 public:
  DiskPipelineCache(std::filesystem::path dir, std::uintmax_t max_bytes, CacheWarning warn);
  std::optional<std::vector<ProducedFile>> load(const std::string& key) override;
  void store(const std::string& key, const std::vector<ProducedFile>& files) override;

 private:
  void evict();

  std::filesystem::path dir_;
  std::uintmax_t max_bytes_;
  CacheWarning warn_;
  std::mutex evicting_;
};

// A cache in memory that counts what it was asked.
class MemoryPipelineCache : public PipelineCache {
 public:
  std::optional<std::vector<ProducedFile>> load(const std::string& key) override;
  void store(const std::string& key, const std::vector<ProducedFile>& files) override;
  std::vector<std::string> stored_keys() const;
  int loads() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::vector<ProducedFile>> entries_;
  int loads_ = 0;
};

}  // namespace ferry::pipeline
