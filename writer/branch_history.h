// StateStore::history_since on a Git repository (state_store.h): the tip's first parents back to a given
// commit, each commit ferry did not make with the paths it changed. Shared by the local and the remote
// store (which reads its fetch cache). Internal to writer/.
#pragma once

#include <optional>
#include <string>

#include "core/error.h"
#include "writer/git_handles.h"
#include "writer/state_store.h"

namespace ferry::writer::git {

// The history of the branch whose tip is `tip` (nullopt: no branch) since the commit `since` (hex id).
// `store` names the repository in errors.
Result<BranchHistory> history_since(git_repository* repo, const std::optional<git_oid>& tip,
                                    const std::optional<std::string>& since, const std::string& store);

}  // namespace ferry::writer::git
