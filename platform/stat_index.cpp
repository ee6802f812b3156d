// The stat index (stat_index.h): stat data, the racy rule, and reading only the files it cannot vouch for.
#include "platform/stat_index.h"

#include <sys/stat.h>

#include <ctime>
#include <set>

#include "core/file_text.h"

namespace ferry::runner {
namespace fs = std::filesystem;
namespace {

long nanoseconds(const timespec& t) {
  return static_cast<long>(t.tv_sec) * 1'000'000'000L + static_cast<long>(t.tv_nsec);
}

bool racy(const FileStat& stat, long index_ns, long slack_ns) {
  return stat.mtime_ns >= index_ns - slack_ns || stat.ctime_ns >= index_ns - slack_ns;
}

}  // namespace

long stat_index_now_ns() {
  timespec now{};
  clock_gettime(CLOCK_REALTIME_COARSE, &now);
  return nanoseconds(now);
}

std::optional<FileStat> stat_of(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileStat{static_cast<long>(st.st_size), nanoseconds(st.st_mtim), nanoseconds(st.st_ctim),
                  static_cast<long>(st.st_ino), static_cast<long>(st.st_dev)};
}

bool stat_unchanged(const FileStat& recorded, const FileStat& now, long index_ns, long slack_ns) {
  return recorded.size >= 0 && recorded == now && !racy(recorded, index_ns, slack_ns);
}

std::vector<PlatformFile> read_platform_files(const std::vector<fs::path>& paths, LoadCacheUse* cache) {
  std::vector<PlatformFile> files;
  files.reserve(paths.size());
  if (cache) {
    cache->after.index_ns = stat_index_now_ns();  // before any stat: a change from now on is racy
    cache->read_text = [](const std::string& path) { return read_file_text(path).value_or(""); };
  }
  for (const fs::path& path : paths) {
    std::string name = path.lexically_normal().string();
    const std::optional<FileStat> now = cache ? stat_of(path) : std::nullopt;
    if (now) cache->stats[name] = *now;
    const CachedFile* cached = nullptr;
    if (now && cache->before) {
      const auto found = cache->before->files.find(name);
      if (found != cache->before->files.end()) cached = &found->second;
    }
    if (cached && stat_unchanged(cached->stat, *now, cache->before->index_ns, cache->racy_slack_ns)) {
      cache->unread.emplace(name, cached->digest);
      files.push_back({std::move(name), ""});
      continue;
    }
    // Racy now, not to a load that starts later: this load's cache says so.
    if (cached && cached->stat == *now && !racy(*now, cache->after.index_ns, cache->racy_slack_ns))
      cache->changed = true;
    if (cache) ++cache->files_hashed;
    files.push_back({std::move(name), read_file_text(path).value_or("")});
  }
  return files;
}

Status read_unread_texts(std::vector<PlatformFile>& files, const std::vector<std::string>& unread) {
  const std::set<std::string> wanted(unread.begin(), unread.end());
  for (PlatformFile& file : files) {
    if (!wanted.contains(file.path)) continue;
    auto text = read_file_if_present(file.path);
    if (!text) return text.error();
    if (!*text) return make_error("platform file " + file.path + " is gone since the platform was loaded");
    file.text = std::move(**text);
  }
  return ok();
}

}  // namespace ferry::runner
