#include "writer/file_diff.h"

#include "writer/git_handles.h"

namespace ferry::writer {
namespace {

using PatchPtr = git::Handle<git_patch, git_patch_free>;

// Owns a git_buf's memory (git_buf is a value libgit2 fills, released with git_buf_dispose).
struct OwnedBuf {
  git_buf buf = GIT_BUF_INIT;
  OwnedBuf() = default;
  OwnedBuf(const OwnedBuf&) = delete;
  OwnedBuf& operator=(const OwnedBuf&) = delete;
  ~OwnedBuf() { git_buf_dispose(&buf); }
};

}  // namespace

const char* to_string(FileChangeKind kind) {
  switch (kind) {
    case FileChangeKind::added: return "added";
    case FileChangeKind::modified: return "modified";
    case FileChangeKind::deleted: return "deleted";
  }
  return "modified";
}

std::vector<FileChange> diff_files(const Files& before, const Files& after) {
  std::vector<FileChange> changes;
  auto old_it = before.begin();
  auto new_it = after.begin();
  while (old_it != before.end() || new_it != after.end()) {
    if (new_it == after.end() || (old_it != before.end() && old_it->first < new_it->first)) {
      changes.push_back({old_it->first, FileChangeKind::deleted, old_it->second, ""});
      ++old_it;
    } else if (old_it == before.end() || new_it->first < old_it->first) {
      changes.push_back({new_it->first, FileChangeKind::added, "", new_it->second});
      ++new_it;
    } else {
      if (old_it->second != new_it->second) {
        changes.push_back({old_it->first, FileChangeKind::modified, old_it->second, new_it->second});
      }
      ++old_it;
      ++new_it;
    }
  }
  return changes;
}

std::string unified_diff(const FileChange& change) {
  git::ensure_initialised();
  const bool has_old = change.kind != FileChangeKind::added;
  const bool has_new = change.kind != FileChangeKind::deleted;
  git_patch* raw = nullptr;
  if (git_patch_from_buffers(&raw, has_old ? change.before.data() : nullptr, change.before.size(),
                             has_old ? change.path.c_str() : nullptr, has_new ? change.after.data() : nullptr,
                             change.after.size(), has_new ? change.path.c_str() : nullptr, nullptr) != 0) {
    return "(no diff: " + git::failure("cannot compare " + change.path).message + ")\n";
  }
  PatchPtr patch(raw);
  OwnedBuf text;
  if (git_patch_to_buf(&text.buf, patch.get()) != 0) return "(no diff of " + change.path + ")\n";
  std::string diff(text.buf.ptr, text.buf.size);
  // libgit2 starts with "diff --git a/P b/P"; the plan names the file itself, so keep from "---" on.
  if (auto hunks = diff.find("\n--- "); hunks != std::string::npos) diff.erase(0, hunks + 1);
  return diff;
}

}  // namespace ferry::writer
