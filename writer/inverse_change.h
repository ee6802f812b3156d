// Putting a state store back after a Change: what a Change is about to overwrite, read before it is
// applied and turned into another Change that restores it. run/multi_store_commit.h reverts a request's
// earlier stores with it when a later store fails, in the same run or, from the journal, in a later one.
// Generic over StateStore: local, remote and the recording fake behave alike.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "core/error.h"
#include "writer/file_tree.h"
#include "writer/state_store.h"

namespace ferry::writer {

// A change's scope in a branch's files: every file below its removed and bundle directories and, on each
// flat Destination it names, the records of its owners and the records its placements name, with the
// files those records list (mode none); and the files its file writes name. An aggregate file is outside:
// other owners share it, and it is rebuilt from the records.
Files scope_files(const Files& files, const Change& change);

// Path -> md5 hex of the content: what a scope held, small enough for the journal.
using ScopeDigests = std::map<std::string, std::string>;
ScopeDigests digests_of(const Files& files);

struct Undo {
  Change inverse;       // applied after the change, puts its scope back as it was before
  ScopeDigests before;  // the scope before the change: what the inverse restores
  ScopeDigests after;   // the scope right after the change: what reverting expects to find
};

// Reads the change's scope from the branch tip and builds the Undo. The inverse's message is the
// change's with its first word replaced by "Revert" ("Revert from: <ns>/<name>", trailers kept).
Result<Undo> capture_undo(StateStore& store, const Change& change);

// Reverts one change: reads the scope now; as before the change (never committed, or already reverted):
// nothing to do, nullopt; as right after it: applies the inverse and returns its commit sha (nullopt
// when that changed nothing); otherwise someone changed those paths since, and nothing is written:
//   <store>: not reverted: <path>[, <path>...] changed since the commit
// The check and the commit are not one step: a writer between them is overwritten (docs/reliability.md).
Result<std::optional<std::string>> apply_undo(StateStore& store, const Undo& undo);

}  // namespace ferry::writer
