// Drift: files below a change's own paths that someone else changed by hand (or with another tool) since
// the change's owner last committed, and that the change's commit puts back. The owner's last commit is
// found by its first line ("Update from: <kind> <ns>/<name>", "Update from: promise <name>"), so ferry's own
// commits are the record of what it last wrote: no extra bookkeeping. Pure; the stores read the trees.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "writer/flat_layout.h"
#include "writer/state_store.h"

namespace ferry::writer {

using FileMap = std::map<std::string, std::string>;

// How many commits back from the tip a store looks for the owner's last commit; further back, no drift is
// reported (the restore still happens).
inline constexpr int kDriftHorizon = 1000;

// What a change owns: its removed and bundle directories, and the files its flat edits and file writes
// touch.
struct DriftScope {
  std::vector<std::string> directories;
  std::set<std::string> files;
};
DriftScope drift_scope(const Change& change, const FileEdits& edits);

// `files` restricted to `scope`.
FileMap in_scope(const FileMap& files, const DriftScope& scope);

// The first line of a commit message.
std::string summary_of(const std::string& message);

// Sorted paths that differ between `own` (the scope at the owner's last commit) and `now` (at the tip):
// added, changed or removed since, and that `after` (the new commit) does not keep as they are now.
std::vector<std::string> restored_paths(const FileMap& own, const FileMap& now, const FileMap& after);

}  // namespace ferry::writer
