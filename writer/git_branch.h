// Reading and committing one branch of a bare repository with libgit2, without a work tree or an index
// file. Internal to writer/: LocalGitRepo adds path validation and the writers' lock on top. No libgit2
// type appears here.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "writer/state_store.h"

namespace ferry::writer::git {

// Whether commit_change holds the writers' lock, a FileLock on <repo>/ferry-writer.lock, while it works.
// The lock only makes ferry's own writers queue instead of starving each other in the retry loop;
// correctness never depends on it.
enum class Locking { kWritersLock, kNone };

// Commits `change` (already validated) on refs/heads/<branch>: objects first, then the branch is moved by
// compare-and-swap from the tip the commit was built on. When another writer moved the branch meanwhile,
// the change is rebuilt on the new tip, up to 5 times (ref_commit.h's commit_on_ref, which LocalGitRepo
// uses too). No commit when the tree would not change. Safe from
// any number of threads and processes, with or without the lock.
Result<CommitOutcome> commit_change(const std::filesystem::path& repo_path, const std::string& branch,
                                    const Change& change, Locking locking);

// Every blob below `prefix` (normalised, "" for all) on the branch tip, keyed by repository path. Empty
// when the branch does not exist.
Result<std::map<std::string, std::string>> read_branch_files(const std::filesystem::path& repo_path,
                                                             const std::string& branch,
                                                             const std::string& prefix);

}  // namespace ferry::writer::git
