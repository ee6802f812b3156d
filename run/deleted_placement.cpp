#include "run/deleted_placement.h"

#include <algorithm>

namespace ferry::runner {

std::optional<DeletedPlacement> deleted_placement(const Platform& platform,
                                                  const std::vector<PlacementReport>& recorded,
                                                  const std::string& pipeline, const std::string& directory,
                                                  const std::optional<std::string>& current) {
  if (!current) return std::nullopt;
  for (const PlacementReport& placed : recorded) {
    if (placed.pipeline != pipeline || placed.directory != directory || placed.destination != *current)
      continue;
    if (placed.policy.empty() || placed.location.empty()) return std::nullopt;  // not a KCP Placement's
    const bool declared =
        std::any_of(platform.policies.begin(), platform.policies.end(),
                    [&](const scheduler::PlacementPolicy& p) { return p.name == placed.policy; });
    if (declared) return std::nullopt;
    return DeletedPlacement{placed.policy, placed.destination};
  }
  return std::nullopt;
}

void remove_what_it_placed(const DeletedPlacement& deleted, GroupDecision& decided) {
  scheduler::Placement& placement = decided.decision.placement;
  const std::string why = "PlacementPolicy " + deleted.policy + " was deleted";
  if (placement.pending()) {
    placement.removed_from = deleted.destination;
    placement.pending_reason +=
        "; its bundle is removed from Destination " + deleted.destination + " (" + why + ")";
    return;
  }
  const auto& to = placement.destinations;
  if (std::find(to.begin(), to.end(), deleted.destination) == to.end())
    decided.notes.push_back("removed from Destination " + deleted.destination + ": " + why);
  else
    decided.notes.push_back(why + "; placed again on Destination " + deleted.destination +
                            " by the rules that apply now");
}

}  // namespace ferry::runner
