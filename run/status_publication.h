// The status tree published to a GitStateStore of the user's choice (--publish-status STORE[:PATH],
// docs/status.md), beside the one on the state branch: the same files, below PATH of that store, written in
// one commit per run that changes a status, before the run's records (so that a run whose publication
// failed is repeated, as one whose destination commit failed is).
#pragma once

#include <optional>
#include <string>

#include "core/error.h"
#include "platform/platform.h"
#include "writer/state_store.h"

namespace ferry::runner {

// Where the status tree goes besides the state branch.
struct StatusTarget {
  std::string store;            // a GitStateStore of the platform
  std::string path = "status";  // below the store's own spec.path
};

// "STORE" or "STORE:PATH" (--publish-status); PATH must be a relative path of the repository.
Result<StatusTarget> parse_status_target(const std::string& text);

// The platform's GitStateStore that `target` names; an error naming the declared ones when there is none.
Result<const GitStateStore*> status_target_store(const Platform& platform, const StatusTarget& target);

// The files of `state_change` below the state branch's status/ folder, moved below `target.path` of `store`
// (its spec.path first), as one Change; no files when no status changed.
writer::Change status_target_change(const writer::Change& state_change, const GitStateStore& store,
                                    const StatusTarget& target);

}  // namespace ferry::runner
