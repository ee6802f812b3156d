#include "scheduler/location.h"

#include <algorithm>
#include <map>

namespace ferry::scheduler {
namespace {

// The best-ranked eligible Destination that belongs to `location`, or "".
std::string best_inside(const Location& location, const std::map<std::string, const Destination*>& by_name,
                        const std::vector<std::string>& ranked_eligible) {
  for (const std::string& name : ranked_eligible) {
    const auto found = by_name.find(name);
    if (found != by_name.end() && matches(location.instance_selector, found->second->labels)) return name;
  }
  return "";
}

bool contains(const Location& location, const std::map<std::string, const Destination*>& by_name,
              const std::string& name) {
  const auto found = by_name.find(name);
  return found != by_name.end() && matches(location.instance_selector, found->second->labels);
}

// Why the group leaves `current`, a Destination no longer eligible: it is gone, it takes no new placement
// (not ready, tainted) or it fails the predicates. (An eligible one outside the Placement's Location has
// its own reason, which names the Location: choose_location.)
std::string why_moved(const std::string& current, const std::map<std::string, const Destination*>& by_name) {
  const std::string moved = "moved from " + current + ": ";
  const auto found = by_name.find(current);
  if (found == by_name.end()) return moved + "Destination " + current + " is no longer declared";
  const std::string why_not = found->second->why_not_schedulable();
  if (!why_not.empty()) return moved + "Destination " + current + " is " + why_not;
  return moved + "Destination " + current + " no longer passes the selector and predicates";
}

}  // namespace

const char* to_string(PlacementState state) {
  switch (state) {
    case PlacementState::pending:
      return "Pending";
    case PlacementState::unbound:
      return "Unbound";
    case PlacementState::bound:
      return "Bound";
  }
  return "Pending";
}

LocationChoice choose_location(const PlacementBinding& binding, const std::vector<Destination>& destinations,
                               const std::vector<std::string>& ranked_eligible,
                               const std::optional<std::string>& current) {
  if (!binding.ready()) return {PlacementState::pending, "", "", binding.reason};
  const Location& chosen = *binding.location;
  std::map<std::string, const Destination*> by_name;
  for (const Destination& d : destinations) by_name.emplace(d.name, &d);
  const bool current_eligible =
      current && std::find(ranked_eligible.begin(), ranked_eligible.end(), *current) != ranked_eligible.end();
  if (current_eligible && contains(chosen, by_name, *current)) {
    return {PlacementState::bound, chosen.name, *current, ""};
  }
  const std::string inside = best_inside(chosen, by_name, ranked_eligible);
  if (inside.empty()) {
    return {PlacementState::unbound, chosen.name, "",
            "Location " + chosen.name + " has no ready Destination that takes it"};
  }
  LocationChoice choice{PlacementState::bound, chosen.name, inside, ""};
  if (!current) return choice;
  // A declared Destination, eligible still, outside the Location left because the Placement's Location is
  // another one now (its old one stopped being valid, or the Location's instanceSelector changed), not
  // because it stopped being ready; otherwise why_moved says what happened to the Destination itself.
  if (current_eligible && by_name.count(*current) && !contains(chosen, by_name, *current)) {
    choice.reason = "moved from " + *current + ": not in Location " + chosen.name + ", the Location of " +
                    "PlacementPolicy " + binding.placement +
                    (binding.reason.empty() ? "" : " (" + binding.reason + ")");
  } else {
    choice.reason = why_moved(*current, by_name);
  }
  return choice;
}

}  // namespace ferry::scheduler
