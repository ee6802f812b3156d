// The files a quiet run's memo is keyed by (run/quiet_run.h): a walk of directories (platform/file_walk.h)
// that records each file's stat data and the content digest of its text (core/content_digest.h), and the
// check that a walk now finds the same files, trusting stat data by the stat index's rule
// (platform/stat_index.h, docs/load-cache.md, "The stat index") and hashing where it cannot. A file the
// platform's load read is not read again: its digest is the load's (LoadResult::file_digests).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/load_cache.h"
#include "run/hashed_chunks.h"

namespace ferry::runner {

// One file as read when the memo's run started: its stat data and the digest of its text.
struct WatchedFile {
  std::string path;
  FileStat stat;
  std::string digest;
};

// The memo's files: those found by walking `roots` when the memo's run started (snapshot_ns, on the stat
// index's clock: stat_index_now_ns()).
struct WatchedFiles {
  std::int64_t snapshot_ns = 0;
  std::vector<WatchedFile> files;
};

// Every regular file below each root (platform/file_walk.h: dot-directories skipped below the roots, links
// followed, each file and directory taken once), in path order, with its stat data (snapshot_ns: when the
// walk started); a root that is a file is itself. `skip`: paths not walked (the state and its caches).
// Error: a directory or file that cannot be read. `earlier`: a walk before (the memo's), whose digest is
// taken for a file with the stat data it had then, outside its racy window, as same_files() would trust it:
// the file is not read. Every other file's digest is left empty, for hash_watched_files().
Result<WatchedFiles> list_watched_files(const std::vector<std::filesystem::path>& roots,
                                        const std::vector<std::filesystem::path>& skip,
                                        const WatchedFiles* earlier = nullptr);

// The digest of every file of `files` that has none: from `known` (what a load read, by path; relative paths
// are taken from the working directory) when the file's stat data are those it had when `known` read it,
// which the walk found before, so that text is the one the walk found; else read and hashed here. Error: a
// file that cannot be read.
Status hash_watched_files(WatchedFiles& files, const std::map<std::string, FileDigest>& known = {});

// list_watched_files(), then hash_watched_files() without a load's digests.
Result<WatchedFiles> watch_files(const std::vector<std::filesystem::path>& roots,
                                 const std::vector<std::filesystem::path>& skip,
                                 const WatchedFiles* earlier = nullptr);

// The file that same_files() found changed: its stat data as listed before the read, the digest of its text,
// and the text, for a reader after it that would read and hash it again (narrow_run.h). The text stays where
// it was read (the chunks view it), however the HashedText moves.
struct HashedText {
  WatchedFile file;
  std::unique_ptr<const std::string> text;
  std::optional<HashedChunks> chunks;  // cut and hashed beside the digest when same_files() was asked to
};

// Whether the files below `roots` are those of `before` now: same paths, and each with the same stat data
// outside the racy window (stat_index.h's stat_unchanged() against before.snapshot_ns), or else the same
// digest. `strict`: the same stat data, every file (a file changed and changed back while a run read it is
// not the one it read). `read`, when given, gets the file found changed when it was read and hashed (the
// check stops at the first such file). `chunked`, when given, names the files (by the walk's path) whose
// chunks that read also cuts and hashes, on another core while the digest is computed.
bool same_files(const WatchedFiles& before, const std::vector<std::filesystem::path>& roots,
                const std::vector<std::filesystem::path>& skip, bool strict = false,
                std::optional<HashedText>* read = nullptr,
                const std::function<bool(const std::string&)>& chunked = {});

}  // namespace ferry::runner
