// The files a quiet run's memo is keyed by (run/quiet_run.h): a walk of directories that records each
// file's stat data and the md5 of its text, and the check that a walk now finds the same files, trusting
// stat data as Git's index does (docs/load-cache.md, "The stat index") and hashing where it cannot.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::runner {

// One file as read when the memo's run started: its stat data and the md5 of its text.
struct WatchedFile {
  std::string path;
  std::int64_t size = 0, mtime_ns = 0, ctime_ns = 0;
  std::uint64_t inode = 0, device = 0;
  std::string md5;
};

// The memo's files: those found by walking `roots` when the memo's run started (snapshot_ns).
struct WatchedFiles {
  std::int64_t snapshot_ns = 0;
  std::vector<WatchedFile> files;
};

// `path`'s stat data (following a symbolic link), without its md5; nullopt when it cannot be read.
std::optional<WatchedFile> stat_file(const std::filesystem::path& path);

// Every regular file below each root (dot-directories skipped below the roots, symbolic links followed,
// each file and directory taken once), in path order, with its md5 (snapshot_ns: when the walk started); a
// root that is a file is itself. `skip`: paths not walked (the state and its caches). Error: a directory or
// file that cannot be read. `earlier`: a walk before (the memo's), whose md5 is taken for a file with the
// stat data it had then, outside its racy window, as same_files() would trust it: the file is not read again.
Result<WatchedFiles> watch_files(const std::vector<std::filesystem::path>& roots,
                                 const std::vector<std::filesystem::path>& skip,
                                 const WatchedFiles* earlier = nullptr);
// Whether the files below `roots` are those of `before` now: same paths, and each with the same stat data
// outside the racy window (two seconds before before.snapshot_ns), or else the same md5. `strict`: the same
// stat data, every file (a file changed and changed back while a run read it is not the one it read).
bool same_files(const WatchedFiles& before, const std::vector<std::filesystem::path>& roots,
                const std::vector<std::filesystem::path>& skip, bool strict = false);

}  // namespace ferry::runner
