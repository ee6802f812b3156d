// Walking the files a quiet run's memo is keyed by, and checking them again (watched_files.h).
#include "run/watched_files.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <string_view>

#include "core/file_text.h"
#include "core/md5.h"

namespace ferry::runner {
namespace fs = std::filesystem;

namespace {

// Git's rule, as the stat index keeps it (platform/stat_index.h): stat data within two seconds (FAT's
// timestamp granularity) of the walk may belong to a file changed again in the same tick.
constexpr std::int64_t kRacyWindowNs = 2'000'000'000;

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t ns_of(const timespec& t) {
  return std::int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

struct Walk {
  std::vector<WatchedFile> files;
  std::set<fs::path> seen;  // canonical paths taken: a link back to one of them is a loop
  const std::vector<fs::path>* skip;
  bool good = true;
};

bool skipped(const Walk& walk, const fs::path& path) {
  return std::find(walk.skip->begin(), walk.skip->end(), path) != walk.skip->end();
}

void walk_below(const fs::path& path, Walk& walk) {
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (ec || skipped(walk, real) || skipped(walk, path)) return;
  // Taken already: a root named twice, or a link the loader warns of (a run with warnings keeps no memo).
  if (!walk.seen.insert(real).second) return;
  if (!fs::is_directory(real, ec)) {
    if (auto file = stat_file(path); file && fs::is_regular_file(real, ec)) walk.files.push_back(*file);
    return;
  }
  std::vector<fs::path> entries;
  for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
    entries.push_back(it->path());
  if (ec) walk.good = false;
  std::sort(entries.begin(), entries.end());
  for (const fs::path& entry : entries) {
    const std::string name = entry.filename().string();
    if (fs::is_directory(entry, ec) && name.front() == '.') continue;  // as the loader: .git, .ferry, ...
    walk_below(entry, walk);
  }
}

Result<std::vector<WatchedFile>> listed(const std::vector<fs::path>& roots,
                                        const std::vector<fs::path>& skip) {
  Walk walk{{}, {}, &skip};
  for (const fs::path& root : roots) walk_below(root, walk);
  if (!walk.good) return make_error("a directory cannot be listed");
  return std::move(walk.files);
}

bool same_stat(const WatchedFile& a, const WatchedFile& b) {
  return a.size == b.size && a.mtime_ns == b.mtime_ns && a.ctime_ns == b.ctime_ns && a.inode == b.inode &&
         a.device == b.device;
}

}  // namespace

std::optional<WatchedFile> stat_file(const fs::path& path) {
  struct stat data {};
  if (::stat(path.c_str(), &data) != 0) return std::nullopt;
  WatchedFile file;
  file.path = path.string();
  file.size = data.st_size;
  file.mtime_ns = ns_of(data.st_mtim);
  file.ctime_ns = ns_of(data.st_ctim);
  file.inode = data.st_ino;
  file.device = data.st_dev;
  return file;
}

Result<WatchedFiles> watch_files(const std::vector<fs::path>& roots, const std::vector<fs::path>& skip,
                                 const WatchedFiles* earlier) {
  WatchedFiles watched;
  watched.snapshot_ns = now_ns();
  auto files = listed(roots, skip);
  if (!files) return files.error();
  std::map<std::string_view, const WatchedFile*> known;
  if (earlier) {
    for (const WatchedFile& file : earlier->files) known.emplace(file.path, &file);
  }
  const std::int64_t racy_from = earlier ? earlier->snapshot_ns - kRacyWindowNs : 0;
  for (WatchedFile& file : *files) {
    const auto found = known.find(file.path);
    if (found != known.end() && same_stat(file, *found->second) && found->second->mtime_ns < racy_from &&
        found->second->ctime_ns < racy_from) {
      file.md5 = found->second->md5;  // its text is the one hashed then, as same_files() trusts
      continue;
    }
    auto text = read_file_text(file.path);
    if (!text) return make_error("cannot read " + file.path);
    file.md5 = md5_hex(*text);
  }
  watched.files = std::move(*files);
  return watched;
}

bool same_files(const WatchedFiles& before, const std::vector<fs::path>& roots,
                const std::vector<fs::path>& skip, bool strict) {
  auto now = listed(roots, skip);
  if (!now || now->size() != before.files.size()) return false;
  const std::int64_t racy_from = before.snapshot_ns - kRacyWindowNs;
  for (std::size_t i = 0; i < now->size(); ++i) {
    const WatchedFile& was = before.files[i];
    const WatchedFile& is = (*now)[i];
    if (is.path != was.path) return false;
    const bool racy = was.mtime_ns >= racy_from || was.ctime_ns >= racy_from;
    if (same_stat(is, was) && (!racy || strict)) continue;
    if (strict) return false;
    auto text = read_file_text(is.path);
    if (!text || md5_hex(*text) != was.md5) return false;
  }
  return true;
}

}  // namespace ferry::runner
