#include "scheduler/placement_binding.h"

#include <algorithm>

#include "scheduler/score.h"

namespace ferry::scheduler {
namespace {

bool selected(const std::vector<LabelSelector>& selectors, const Location& location) {
  if (selectors.empty()) return true;
  return std::any_of(selectors.begin(), selectors.end(),
                     [&](const LabelSelector& s) { return matches(s, location.labels); });
}

bool has_ready_destination(const Location& location, const std::vector<Destination>& destinations) {
  return std::any_of(destinations.begin(), destinations.end(), [&](const Destination& d) {
    return d.takes_new_placements() && matches(location.instance_selector, d.labels);
  });
}

std::size_t held_inside(const Location& location, const std::vector<Destination>& destinations,
                        const std::vector<std::string>& held) {
  return static_cast<std::size_t>(std::count_if(held.begin(), held.end(), [&](const std::string& name) {
    return holds(location, destinations, name);
  }));
}

// The Location holding the most of `held` among `among` (ties by the stable hash), or null.
const Location* most_held(const std::string& placement, const std::vector<const Location*>& among,
                          const std::vector<Destination>& destinations,
                          const std::vector<std::string>& held) {
  const Location* best = nullptr;
  std::size_t best_count = 0;
  for (const Location* l : among) {
    const std::size_t count = held_inside(*l, destinations, held);
    if (count == 0) continue;
    if (!best || count > best_count ||
        (count == best_count &&
         rendezvous_score(placement, l->name) > rendezvous_score(placement, best->name))) {
      best = l;
      best_count = count;
    }
  }
  return best;
}

// Why the Location the Placement held is no longer valid; "" when it held none.
std::string why_left(const std::string& placement, const std::vector<LabelSelector>& selectors,
                     const std::vector<Location>& locations, const std::vector<Destination>& destinations,
                     const std::vector<std::string>& held) {
  if (held.empty()) return "";
  std::vector<const Location*> all;
  for (const Location& l : locations) all.push_back(&l);
  const Location* old = most_held(placement, all, destinations, held);
  if (!old) return "no declared Location holds Destination " + held.front() + " any more";
  if (!selected(selectors, *old)) return "Location " + old->name + " no longer matches the locationSelectors";
  return "Location " + old->name + " has no ready Destination";
}

}  // namespace

bool holds(const Location& location, const std::vector<Destination>& destinations,
           const std::string& destination) {
  return std::any_of(destinations.begin(), destinations.end(), [&](const Destination& d) {
    return d.name == destination && matches(location.instance_selector, d.labels);
  });
}

PlacementBinding bind_placement(const std::string& placement, const std::vector<LabelSelector>& selectors,
                                const std::vector<Location>& locations,
                                const std::vector<Destination>& destinations,
                                const std::vector<std::string>& held) {
  std::vector<const Location*> valid;
  bool any_selected = false;
  for (const Location& l : locations) {
    if (!selected(selectors, l)) continue;
    any_selected = true;
    if (has_ready_destination(l, destinations)) valid.push_back(&l);
  }
  PlacementBinding binding{placement, std::nullopt, ""};
  if (valid.empty()) {
    binding.reason = any_selected ? "no Location that matches the locationSelectors has a ready Destination"
                                  : "no Location matches the locationSelectors";
    return binding;
  }
  if (const Location* kept = most_held(placement, valid, destinations, held)) {
    binding.location = *kept;
    return binding;
  }
  const Location* best = valid.front();
  for (const Location* l : valid) {
    if (rendezvous_score(placement, l->name) > rendezvous_score(placement, best->name)) best = l;
  }
  binding.location = *best;
  binding.reason = why_left(placement, selectors, locations, destinations, held);
  return binding;
}

LocationChoice choose_location(const std::string& placement_key, const std::vector<LabelSelector>& selectors,
                               const std::vector<Location>& locations,
                               const std::vector<Destination>& destinations,
                               const std::vector<std::string>& ranked_eligible,
                               const std::optional<std::string>& current) {
  std::vector<std::string> held;
  if (current) held.push_back(*current);
  return choose_location(bind_placement(placement_key, selectors, locations, destinations, held),
                         destinations, ranked_eligible, current);
}

}  // namespace ferry::scheduler
