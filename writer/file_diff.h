// What changed between two versions of a branch's files, and the unified diff of one file (`ferry plan`).
#pragma once

#include <string>
#include <vector>

#include "writer/file_tree.h"

namespace ferry::writer {

enum class FileChangeKind { added, modified, deleted };

const char* to_string(FileChangeKind kind);  // "added", "modified", "deleted"

struct FileChange {
  std::string path;
  FileChangeKind kind = FileChangeKind::modified;
  std::string before;  // empty when added
  std::string after;   // empty when deleted
};

// Every path whose bytes differ, sorted by path.
std::vector<FileChange> diff_files(const Files& before, const Files& after);

// The change as `git diff` prints it: "--- a/PATH", "+++ b/PATH", hunks with three lines of context
// (/dev/null for an added or deleted side). "Binary files differ" for content with NUL bytes.
std::string unified_diff(const FileChange& change);

}  // namespace ferry::writer
