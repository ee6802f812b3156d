// Walking the files a quiet run's memo is keyed by, and checking them again (watched_files.h).
#include "run/watched_files.h"

#include <tbb/parallel_invoke.h>

#include <string_view>

#include "core/content_digest.h"
#include "core/file_text.h"
#include "platform/file_walk.h"
#include "platform/stat_index.h"

namespace ferry::runner {
namespace fs = std::filesystem;

namespace {

// Every file below `roots` with its stat data, without its digest.
Result<std::vector<WatchedFile>> listed(const std::vector<fs::path>& roots,
                                        const std::vector<fs::path>& skip) {
  FileWalk walk;
  walk.skip = skip;
  for (const fs::path& root : roots) walk_path(root, walk, [](const fs::path&) { return true; });
  if (!walk.errors.empty()) return make_error("a directory cannot be listed");
  std::vector<WatchedFile> files;
  files.reserve(walk.files.size());
  for (const fs::path& path : walk.files) {
    // A file gone since it was listed is left out, as a walk a moment later would leave it.
    if (auto stat = stat_of(path)) files.push_back({path.string(), *stat, ""});
  }
  return files;
}

// Reads and hashes `file`.
Status hash_file(WatchedFile& file) {
  auto read = read_file_if_present(file.path);
  if (!read || !*read) return make_error("cannot read " + file.path);
  file.digest = content_digest(**read);
  return ok();
}

// Reads and hashes `file`, cutting and hashing its chunks beside the digest when `chunked`; nothing when it
// cannot be read.
std::optional<HashedText> hash_file_and_chunks(const WatchedFile& file, bool chunked) {
  auto read = read_file_if_present(file.path);
  if (!read || !*read) return std::nullopt;
  HashedText hashed{file, std::make_unique<const std::string>(std::move(**read)), std::nullopt};
  const std::string& text = *hashed.text;
  tbb::parallel_invoke([&] { hashed.file.digest = content_digest(text); },
                       [&] { hashed.chunks = chunked ? std::optional(hash_chunks(text)) : std::nullopt; });
  return hashed;
}

}  // namespace

Result<WatchedFiles> list_watched_files(const std::vector<fs::path>& roots, const std::vector<fs::path>& skip,
                                        const WatchedFiles* earlier) {
  WatchedFiles watched;
  watched.snapshot_ns = stat_index_now_ns();  // before any stat: a change from now on is racy
  auto files = listed(roots, skip);
  if (!files) return files.error();
  std::map<std::string_view, const WatchedFile*> known;
  if (earlier) {
    for (const WatchedFile& file : earlier->files) known.emplace(file.path, &file);
  }
  for (WatchedFile& file : *files) {
    const auto found = known.find(file.path);
    if (found != known.end() && stat_unchanged(found->second->stat, file.stat, earlier->snapshot_ns))
      file.digest = found->second->digest;  // its text is the one hashed then, as same_files() trusts
  }
  watched.files = std::move(*files);
  return watched;
}

Status hash_watched_files(WatchedFiles& files, const std::map<std::string, FileDigest>& known) {
  std::map<std::string, const FileDigest*> by_path;
  std::error_code ec;
  for (const auto& [path, digest] : known)
    by_path.emplace(fs::absolute(path, ec).lexically_normal().string(), &digest);
  for (WatchedFile& file : files.files) {
    if (!file.digest.empty()) continue;
    const auto found = by_path.find(fs::path(file.path).lexically_normal().string());
    // The load read the file with the stat data the walk found before it: its text is the one walked.
    if (found != by_path.end() && found->second->stat == file.stat && !found->second->digest.empty()) {
      file.digest = found->second->digest;
      continue;
    }
    if (Status hashed = hash_file(file); !hashed) return hashed;
  }
  return ok();
}

Result<WatchedFiles> watch_files(const std::vector<fs::path>& roots, const std::vector<fs::path>& skip,
                                 const WatchedFiles* earlier) {
  auto watched = list_watched_files(roots, skip, earlier);
  if (!watched) return watched;
  if (Status hashed = hash_watched_files(*watched); !hashed) return hashed.error();
  return watched;
}

bool same_files(const WatchedFiles& before, const std::vector<fs::path>& roots,
                const std::vector<fs::path>& skip, bool strict, std::optional<HashedText>* read,
                const std::function<bool(const std::string&)>& chunked) {
  auto now = listed(roots, skip);
  if (!now || now->size() != before.files.size()) return false;
  for (std::size_t i = 0; i < now->size(); ++i) {
    const WatchedFile& was = before.files[i];
    WatchedFile& is = (*now)[i];
    if (is.path != was.path) return false;
    if (strict ? is.stat == was.stat : stat_unchanged(was.stat, is.stat, before.snapshot_ns)) continue;
    if (strict) return false;
    if (!read) {
      if (!hash_file(is) || is.digest != was.digest) return false;
      continue;
    }
    std::optional<HashedText> hashed = hash_file_and_chunks(is, chunked && chunked(is.path));
    if (!hashed) return false;
    if (hashed->file.digest == was.digest) continue;
    *read = std::move(hashed);
    return false;
  }
  return true;
}

}  // namespace ferry::runner
