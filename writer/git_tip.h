// A branch tip as the commit builder reads it (the commit id, the commit and its tree), and reading one
// from a ref or a commit id. Shared by git_commit.h (which builds on a tip) and git_drift.h (which looks
// back from it). Internal to writer/.
#pragma once

#include <optional>
#include <string>

#include "core/error.h"
#include "writer/git_handles.h"

namespace ferry::writer::git {

// A branch tip; all empty when the branch does not exist (yet).
struct Tip {
  std::optional<git_oid> id;
  CommitPtr commit;
  TreePtr tree;
};

// The tip `ref` points at; an empty Tip when `ref` does not exist. `store` names the repository in errors.
Result<Tip> read_tip(git_repository* repo, const std::string& ref, const std::string& store);

// The commit `id` (which must be in `repo`) as a Tip; an empty Tip for nullopt.
Result<Tip> load_tip(git_repository* repo, const std::optional<git_oid>& id, const std::string& store);

}  // namespace ferry::writer::git
