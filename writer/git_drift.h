// Drift detection on Git trees (writer/drift.h): the change owner's last commit, found by its summary line
// within kDriftHorizon first-parent commits of the tip, compared with the tip and the new tree over the
// change's own paths. Internal to writer/.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "writer/flat_layout.h"
#include "writer/git_handles.h"
#include "writer/git_tip.h"
#include "writer/state_store.h"

namespace ferry::writer::git {

// The paths the new tree `new_tree` restores; empty when the owner has no earlier commit within reach or
// made the tip itself.
Result<std::vector<std::string>> restored_drift(git_repository* repo, const Tip& tip, const git_oid& new_tree,
                                                const Change& change, const FileEdits& edits,
                                                const std::string& store);

}  // namespace ferry::writer::git
