// KCP's Locations (seed 004) on ferry's Destinations: a Location groups Destinations by an instance
// selector and carries its own labels; a policy's locationSelectors pick ONE Location by those labels, then
// one Destination inside it. The work moves between the Location's Destinations (a removed or not-ready
// one is replaced by another), never silently to another Location while the chosen one still qualifies.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/label_selector.h"
#include "scheduler/destination.h"

namespace ferry::scheduler {

// apiVersion scheduling.ferry.dev/v1alpha1, kind Location.
struct Location {
  std::string name;
  Labels labels;                    // metadata.labels: what locationSelectors select
  LabelSelector instance_selector;  // spec.instanceSelector: which Destinations belong to it
  SourceLocation where;
};

// KCP's placement states: Pending (no valid Location), Unbound (a Location, no Destination), Bound.
enum class PlacementState { pending, unbound, bound };
const char* to_string(PlacementState state);

struct LocationChoice {
  PlacementState state = PlacementState::pending;
  std::string location;     // the chosen Location; "" when Pending
  std::string destination;  // the chosen Destination when Bound
  std::string reason;       // why Pending or Unbound, or why the Location or Destination changed
};

// `selectors` are ORed (none selects every Location). `ranked_eligible` names the Destinations that pass
// every predicate and take new placements, best first; `current` is where the group is now. The current
// Location (the one holding `current` that still matches) is kept while it has an eligible Destination;
// otherwise the valid Location with an eligible Destination and the highest rendezvous hash of
// (group_key, Location) is chosen. Inside it, `current` is kept while eligible, else the best-ranked one.
LocationChoice choose_location(const std::string& group_key, const std::vector<LabelSelector>& selectors,
                               const std::vector<Location>& locations,
                               const std::vector<Destination>& destinations,
                               const std::vector<std::string>& ranked_eligible,
                               const std::optional<std::string>& current);

}  // namespace ferry::scheduler
