#include "scheduler/location.h"

#include <algorithm>
#include <map>

#include "scheduler/score.h"

namespace ferry::scheduler {
namespace {

bool selected(const std::vector<LabelSelector>& selectors, const Location& location) {
  if (selectors.empty()) return true;
  return std::any_of(selectors.begin(), selectors.end(),
                     [&](const LabelSelector& s) { return matches(s, location.labels); });
}

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

// Why the group leaves `current` (a Destination outside the chosen Location or no longer eligible): it is
// gone, it takes no new placement (not ready, tainted), it fails the predicates, or, eligible still, no
// selected Location holds it any more (the policy's locationSelectors or the Location changed).
std::string why_moved(const std::string& current, bool current_eligible,
                      const std::map<std::string, const Destination*>& by_name) {
  const std::string moved = "moved from " + current + ": ";
  const auto found = by_name.find(current);
  if (found == by_name.end()) return moved + "Destination " + current + " is no longer declared";
  if (current_eligible) return moved + "it is in no Location that the locationSelectors select";
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

LocationChoice choose_location(const std::string& group_key, const std::vector<LabelSelector>& selectors,
                               const std::vector<Location>& locations,
                               const std::vector<Destination>& destinations,
                               const std::vector<std::string>& ranked_eligible,
                               const std::optional<std::string>& current) {
  std::map<std::string, const Destination*> by_name;
  for (const Destination& d : destinations) by_name.emplace(d.name, &d);
  const bool current_eligible =
      current && std::find(ranked_eligible.begin(), ranked_eligible.end(), *current) != ranked_eligible.end();
  const Location* sticky = nullptr;  // the valid Location holding `current` (with an eligible Destination)
  const Location* best = nullptr;    // the valid Location with an eligible Destination, by hash
  const Location* any = nullptr;     // the valid Location by hash, for Unbound
  for (const Location& l : locations) {
    if (!selected(selectors, l)) continue;
    const auto outranks = [&](const Location* other) {
      return !other || rendezvous_score(group_key, l.name) > rendezvous_score(group_key, other->name);
    };
    if (outranks(any)) any = &l;
    if (best_inside(l, by_name, ranked_eligible).empty()) continue;
    if (outranks(best)) best = &l;
    if (current && contains(l, by_name, *current) && (!sticky || outranks(sticky))) sticky = &l;
  }
  if (!any) return {PlacementState::pending, "", "", "no Location matches the locationSelectors"};
  const Location* chosen = sticky ? sticky : best;
  if (!chosen) {
    return {PlacementState::unbound, any->name, "",
            "Location " + any->name + " has no ready Destination that takes it"};
  }
  if (current_eligible && contains(*chosen, by_name, *current)) {
    return {PlacementState::bound, chosen->name, *current, ""};
  }
  LocationChoice choice{PlacementState::bound, chosen->name, best_inside(*chosen, by_name, ranked_eligible),
                        ""};
  if (current) choice.reason = why_moved(*current, current_eligible, by_name);
  return choice;
}

}  // namespace ferry::scheduler
