// Committing a Change on a ref of an open repository: build on the tip, move the ref by compare-and-swap,
// rebuild on the new tip when another writer moved it meanwhile. Used by LocalGitRepo with its per-thread
// handles (writer/thread_repos.h), and the removal of a stale ref lock. Internal to writer/.
#pragma once

#include <string>

#include "writer/git_handles.h"
#include "writer/state_store.h"

namespace ferry::writer::git {

// Commits `change` (already validated) on `ref` of `repo` (this thread's handle): objects first, then the
// ref moves from the tip the commit was built on; up to kCommitRetries rebuilds when it moved meanwhile.
// No commit when the tree would not change. The caller holds the writers' lock if it wants one.
Result<CommitOutcome> commit_on_ref(git_repository* repo, const std::string& ref, const Change& change,
                                    const std::string& store);

// libgit2 moves a ref by creating <ref>.lock and renaming it over the ref; a ferry killed in between
// leaves the lock behind and every later update of the ref would fail on it (found by crash_e2e_test's
// random kills). Removes a <ref>.lock of `repo` still there after two seconds. Call it only while holding
// the lock that ferry's writers of `repo` take (LocalGitRepo's ferry-writer.lock, a remote store's cache
// lock), so that no other ferry is moving the ref: a git process outside ferry holds a ref lock for
// milliseconds. Returns at once when there is no lock file.
void clear_stale_ref_lock(git_repository* repo, const std::string& ref);

inline constexpr int kCommitRetries = 5;  // after the first attempt

}  // namespace ferry::writer::git
