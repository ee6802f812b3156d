#include "run/deleted_placement.h"

#include <algorithm>

namespace ferry::runner {

namespace {

// Why `policy`, declared, no longer governs `request`; "" when it still does.
std::string why_not_governing(const Platform& platform, const scheduler::PlacementPolicy& policy,
                              const pipeline::Request& request) {
  const auto governing = platform.policies_for(request);
  if (std::find(governing.begin(), governing.end(), &policy) != governing.end()) return "";
  if (std::find(policy.promises.begin(), policy.promises.end(), request.promise) == policy.promises.end())
    return "PlacementPolicy " + policy.name + " no longer names Promise " + request.promise;
  return "PlacementPolicy " + policy.name + " no longer selects namespace " + request.namespace_;
}

}  // namespace

std::optional<DeletedPlacement> deleted_placement(const Platform& platform, const pipeline::Request& request,
                                                  const std::vector<PlacementReport>& recorded,
                                                  const std::string& pipeline, const std::string& directory,
                                                  const std::optional<std::string>& current) {
  if (!current) return std::nullopt;
  for (const PlacementReport& placed : recorded) {
    if (placed.pipeline != pipeline || placed.directory != directory || placed.destination != *current)
      continue;
    if (placed.policy.empty() || placed.location.empty()) return std::nullopt;  // not a KCP Placement's
    const auto declared =
        std::find_if(platform.policies.begin(), platform.policies.end(),
                     [&](const scheduler::PlacementPolicy& p) { return p.name == placed.policy; });
    if (declared == platform.policies.end())
      return DeletedPlacement{placed.policy, placed.destination,
                              "PlacementPolicy " + placed.policy + " was deleted"};
    std::string why = why_not_governing(platform, *declared, request);
    if (why.empty()) return std::nullopt;
    return DeletedPlacement{placed.policy, placed.destination, std::move(why)};
  }
  return std::nullopt;
}

void remove_what_it_placed(const DeletedPlacement& deleted, GroupDecision& decided) {
  scheduler::Placement& placement = decided.decision.placement;
  const std::string& why = deleted.why;
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
