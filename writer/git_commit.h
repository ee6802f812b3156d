// Building the one commit a Change makes on a given branch tip, shared by LocalGitRepo (git_branch.cpp) and
// RemoteGitRepo: objects only (blobs, trees, the commit); moving a reference is the caller's business.
// Its callers get Tip (git_tip.h) and oid_hex (oid_hex.h) with it. Internal to writer/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "writer/git_handles.h"
#include "writer/git_tip.h"
#include "writer/oid_hex.h"
#include "writer/state_store.h"

namespace ferry::writer::git {

// A commit written but not yet on any ref, and the drift it restores (writer/drift.h).
struct Built {
  std::optional<git_oid> commit;  // nullopt: the tree would not change, no commit
  std::vector<std::string> drift_restored;
};

// Writes the commit that applies `change` (already validated) on `tip`, with `tip` as its only parent (none
// for an empty Tip), author and committer change.author at the current time in UTC. No commit when the
// tree would not change (for an empty Tip: when the change adds no file).
Result<Built> build_commit(git_repository* repo, const Tip& tip, const Change& change,
                           const std::string& store);

// Moves `ref` from `expected` to `target` by compare-and-swap, checked under libgit2's ref lock. For a ref
// expected not to exist (nullopt) the all-zero id is the expectation: git_reference_create with force=0
// checks existence before taking the lock, so two first commits could both pass it. False, and nothing
// changed, when the ref was not at `expected` (another writer got there first).
Result<bool> compare_and_swap_ref(git_repository* repo, const std::string& ref, const git_oid& target,
                                  const std::optional<git_oid>& expected, const std::string& store);

}  // namespace ferry::writer::git
