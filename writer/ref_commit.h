// Committing a Change on a ref of an open repository: build on the tip, move the ref by compare-and-swap,
// rebuild on the new tip when another writer moved it meanwhile. Used by LocalGitRepo with its per-thread
// handles (writer/thread_repos.h). Internal to writer/.
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

inline constexpr int kCommitRetries = 5;  // after the first attempt

}  // namespace ferry::writer::git
