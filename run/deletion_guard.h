// The deletion guard (docs/state.md): a run whose platform has lost more of what the records hold than a
// person would remove by hand (an emptied or mistyped platform path, a bad merge) stops before any delete
// workflow runs, names what it would delete and how to allow it. Deleting a request or two stays as easy
// as before.
#pragma once

#include <cstddef>
#include <optional>

#include "core/error.h"
#include "platform/platform.h"
#include "run/run_state.h"

namespace ferry::runner {

// At most this many objects (requests and Promises) are deleted by one run unless --max-deletions says more.
inline constexpr std::size_t kDefaultMaxDeletions = 10;

// Whether this run may delete what vanished from `platform` since `state` was recorded. `max_deletions`:
// --max-deletions N, which replaces both default rules by "at most N"; nullopt: the defaults, at most
// kDefaultMaxDeletions and never every recorded object (or every recorded request) when that is two or
// more. Counts the whole platform, not a shard's part, so that every shard of a run decides alike.
Status check_deletions(const Platform& platform, const RunState& state,
                       std::optional<std::size_t> max_deletions);

}  // namespace ferry::runner
