// A branch's content as a plain map of files, and a Change applied to it in memory: the same semantics as
// StateStore::apply (state_store.h) without Git. MemoryStateStore (and the tests' fake on it) and
// PlanningStore (`ferry plan`) both build on it, so what a plan shows is what a commit would write.
#pragma once

#include <map>
#include <string>

#include "core/error.h"
#include "writer/flat_layout.h"
#include "writer/state_store.h"

namespace ferry::writer {

// Repository-relative path -> bytes.
using Files = std::map<std::string, std::string>;

// The files at or below directory `prefix` ("" for all), keyed by their full path.
Files files_below(const Files& files, const std::string& prefix);

// Drops `path` itself (a file where a directory should be) and everything below it.
void remove_below(Files& files, const std::string& path);

struct AppliedChange {
  Files files;      // the content after the change
  FileEdits edits;  // what the change's flat removals and placements expanded to (flat_layout.h)
};

// Checks the change's paths (path_rules.h validate_change), then: removed directories and bundle
// directories emptied, bundle files written, file writes applied, flat edits applied (read against
// `before`).
Result<AppliedChange> apply_to_files(const Files& before, const Change& change);

}  // namespace ferry::writer
