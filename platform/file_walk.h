// The one walk of a directory tree ferry reads files from: the loader's walk of the platform (loader.h) and
// the quiet-run memo's walk of every file it is keyed by (run/watched_files.h). Dot-directories (.git,
// .ferry, .github, ...) are skipped below the roots, symbolic links are followed, and each directory and
// file is taken once, by its canonical path.
#pragma once

#include <filesystem>
#include <functional>
#include <set>
#include <vector>

#include "core/error.h"

namespace ferry::runner {

// What a walk found: the files taken, in path order (each directory's entries sorted), and what went wrong.
// `skip`: paths not walked, matched as named or by their canonical path (the memo's state and caches).
struct FileWalk {
  std::vector<std::filesystem::path> files;
  std::set<std::filesystem::path> seen;  // canonical paths of the directories and files taken
  std::vector<Error> errors;             // a directory that cannot be listed
  std::vector<Error> warnings;           // a symbolic link to a directory taken already (a loop)
  std::vector<std::filesystem::path> skip;
};

// Whether the walk takes a regular file found at this path.
using FileFilter = std::function<bool(const std::filesystem::path&)>;

// Every regular file below the directory `dir` that `wanted` takes, added to walk.files in path order. A
// link that leads back to a directory already taken (a loop, or two links to one place) is a warning naming
// it; a file taken already is left out silently. A directory that cannot be listed is an error.
void walk_directory(const std::filesystem::path& dir, FileWalk& walk, const FileFilter& wanted);

// walk_directory() for a directory; a regular file `path` is itself (when not taken already or skipped).
void walk_path(const std::filesystem::path& path, FileWalk& walk, const FileFilter& wanted);

}  // namespace ferry::runner
