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

// KCP's placement states: Pending (no valid Location: the Placement is not Ready), Unbound (a Location, but
// no Destination in it takes the group), Bound.
enum class PlacementState { pending, unbound, bound };
const char* to_string(PlacementState state);

struct LocationChoice {
  PlacementState state = PlacementState::pending;
  std::string location;     // the chosen Location; "" when Pending
  std::string destination;  // the chosen Destination when Bound
  std::string reason;       // why Pending or Unbound, or why the Location or Destination changed
};

// The Location a KCP Placement is bound to for one run (scheduler/placement_binding.h binds it). No
// location: the Placement is not Ready (KCP's Pending), and `reason` says why; with one, `reason` says why
// it changed from the one the Placement held ("" when kept or chosen for the first time).
struct PlacementBinding {
  std::string placement;  // the PlacementPolicy's name
  std::optional<Location> location;
  std::string reason;
  bool ready() const { return location.has_value(); }
};

// One group of a Placement bound as `binding` says (scheduler/placement_binding.h). `ranked_eligible` names
// the Destinations that pass every predicate and take new placements, best first; `current` is where the
// group is now. Not Ready: Pending with the binding's reason. Inside the Location: `current` is kept while
// eligible, else the best-ranked one (Bound, with why it moved), else Unbound.
LocationChoice choose_location(const PlacementBinding& binding, const std::vector<Destination>& destinations,
                               const std::vector<std::string>& ranked_eligible,
                               const std::optional<std::string>& current);

}  // namespace ferry::scheduler
