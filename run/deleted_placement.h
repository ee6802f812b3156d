// KCP Placements deleted since the previous run (seed 004: a sync target is removed when its Placement is
// deleted), or that no longer govern the request (its namespaceSelector no longer selects the request's
// namespace, or it no longer names the Promise): a group the previous run's record says such a Placement
// placed (a PlacementPolicy with locationSelectors: its recorded placement names a Location) is not sticky to
// where it is, its bundle there is removed, and it is placed again by the rules that apply now.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "placement/group_decision.h"
#include "platform/platform.h"
#include "run/run_report.h"

namespace ferry::runner {

struct DeletedPlacement {
  std::string policy;       // the deleted PlacementPolicy
  std::string destination;  // where the group is now, placed by it
  std::string why = {};     // "PlacementPolicy P was deleted", or why it no longer governs the request
};

// The deleted Placement that placed the group of `pipeline` and `directory` on `current`, by `recorded`
// (the previous run's placements of `request`); nullopt when there is none, or it still governs `request`.
std::optional<DeletedPlacement> deleted_placement(const Platform& platform, const pipeline::Request& request,
                                                  const std::vector<PlacementReport>& recorded,
                                                  const std::string& pipeline, const std::string& directory,
                                                  const std::optional<std::string>& current);

// After the group is decided again without stickiness: when it no longer goes to the Destination the
// deleted Placement chose, the note "removed from Destination X: <why>" (placed
// there again by the rules that apply now: a note that says so, the bundle rewritten in place); a pending
// group has its bundle removed all the same (Placement::removed_from), its reason saying so.
void remove_what_it_placed(const DeletedPlacement& deleted, GroupDecision& decided);

}  // namespace ferry::runner
