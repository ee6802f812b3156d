// DiskPipelineCache and MemoryPipelineCache; the entry format is in pipeline_cache_entry.cpp.
#include "pipeline/pipeline_cache.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <sstream>

#include "core/file_text.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

constexpr const char* kEntrySuffix = ".entry";
constexpr const char* kTempPrefix = ".tmp-";
// A temporary file this old was left by a process that died while storing; eviction removes it.
constexpr auto kStaleTemp = std::chrono::hours(1);

std::optional<std::string> read_whole(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(text).str();
}

// A name unique among the threads and processes that share the directory.
std::string temp_name(const std::string& key) {
  static std::atomic<unsigned long> counter{0};
  return std::string(kTempPrefix) + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + key;
}

struct EntryFile {
  fs::path path;
  fs::file_time_type used;
  std::uintmax_t size;
};

}  // namespace

DiskPipelineCache::DiskPipelineCache(fs::path dir, std::uintmax_t max_bytes, CacheWarning warn)
    : dir_(std::move(dir)), max_bytes_(max_bytes), warn_(std::move(warn)) {}

std::optional<std::vector<ProducedFile>> DiskPipelineCache::load(const std::string& key) {
  const fs::path path = dir_ / (key + kEntrySuffix);
  std::error_code ec;
  if (!fs::exists(path, ec)) return std::nullopt;
  auto text = read_whole(path);
  auto files = text ? parse_cache_entry(*text, key) : std::nullopt;
  if (!files) {
    warn_("pipeline cache entry " + path.string() + " is damaged or incomplete; ignored and removed");
    fs::remove(path, ec);
    return std::nullopt;
  }
  fs::last_write_time(path, fs::file_time_type::clock::now(), ec);  // least recently used goes first
  return files;
}

void DiskPipelineCache::store(const std::string& key, const std::vector<ProducedFile>& files) {
  std::error_code ec;
  fs::create_directories(dir_, ec);
  const fs::path temp = dir_ / temp_name(key);
  if (Status written = write_file_bytes(temp, format_cache_entry(key, files)); !written) {
    fs::remove(temp, ec);
    warn_("pipeline cache " + dir_.string() + ": " + written.error().message +
          "; the pipeline will run again next time");
    return;
  }
  fs::rename(temp, dir_ / (key + kEntrySuffix), ec);  // atomic: a reader sees the old entry or the new one
  if (ec) fs::remove(temp, ec);
  evict();
}

void DiskPipelineCache::evict() {
  std::lock_guard lock(evicting_);
  std::vector<EntryFile> entries;
  std::uintmax_t total = 0;
  std::error_code ec;
  const auto now = fs::file_time_type::clock::now();
  for (const fs::directory_entry& entry : fs::directory_iterator(dir_, ec)) {
    const std::string name = entry.path().filename().string();
    std::error_code stat_error;
    const auto used = entry.last_write_time(stat_error);
    const auto size = entry.file_size(stat_error);
    if (stat_error) continue;  // removed meanwhile by another process
    if (name.starts_with(kTempPrefix) && now - used > kStaleTemp) fs::remove(entry.path(), stat_error);
    if (!name.ends_with(kEntrySuffix)) continue;
    entries.push_back({entry.path(), used, size});
    total += size;
  }
  std::sort(entries.begin(), entries.end(),
            [](const EntryFile& a, const EntryFile& b) { return a.used < b.used; });
  for (const EntryFile& entry : entries) {
    if (total <= max_bytes_) break;
    fs::remove(entry.path, ec);
    total -= entry.size;
  }
}

std::optional<std::vector<ProducedFile>> MemoryPipelineCache::load(const std::string& key) {
  std::lock_guard lock(mutex_);
  ++loads_;
  auto found = entries_.find(key);
  if (found == entries_.end()) return std::nullopt;
  return found->second;
}

void MemoryPipelineCache::store(const std::string& key, const std::vector<ProducedFile>& files) {
  std::lock_guard lock(mutex_);
  entries_[key] = files;
}

std::vector<std::string> MemoryPipelineCache::stored_keys() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> keys;
  for (const auto& [key, files] : entries_) keys.push_back(key);
  return keys;
}

int MemoryPipelineCache::loads() const {
  std::lock_guard lock(mutex_);
  return loads_;
}

}  // namespace ferry::pipeline
