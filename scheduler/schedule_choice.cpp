#include "scheduler/schedule_choice.h"

#include <algorithm>
#include <string>

#include "scheduler/location.h"
#include "scheduler/placement_binding.h"
#include "scheduler/score.h"
#include "scheduler/spread.h"

namespace ferry::scheduler {
namespace {

// Eligible, scored and not filtered out, best first (total, then the stable hash, then the name). With
// `filtered_last`, those Krake filtered out (no metrics while another candidate has some) follow the rest:
// inside a KCP Location the filter holds among the Location's own Destinations, not against another
// Location's.
std::vector<const DestinationVerdict*> ranked(const GroupToPlace& group, const Decision& decision,
                                              bool filtered_last = false) {
  std::vector<const DestinationVerdict*> list;
  for (const DestinationVerdict& v : decision.verdicts) {
    if (v.eligible && v.priority && (filtered_last || !v.priority->filtered_out)) list.push_back(&v);
  }
  std::stable_sort(list.begin(), list.end(), [&](const DestinationVerdict* a, const DestinationVerdict* b) {
    if (a->priority->filtered_out != b->priority->filtered_out) return b->priority->filtered_out;
    if (a->priority->total != b->priority->total) return a->priority->total > b->priority->total;
    const auto ha = rendezvous_score(group.key, a->destination),
               hb = rendezvous_score(group.key, b->destination);
    return ha != hb ? ha > hb : a->destination < b->destination;
  });
  return list;
}

std::string no_match(const GroupToPlace& group, const PlacementPolicy& policy, std::size_t checked) {
  if (checked == 0) return "no Destinations are declared";
  return "no Destination matches " + to_string(group.selector) + " and the predicates of PlacementPolicy " +
         policy.name + " (" + std::to_string(checked) + " Destinations checked)";
}

const Destination* named(const std::vector<Destination>& all, const std::string& name) {
  for (const Destination& d : all) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

void choose_spread(const PlacementPolicy& policy, const std::vector<Destination>& all,
                   const std::vector<const DestinationVerdict*>& best_first, Placement& placement) {
  std::vector<RankedCandidate> candidates;
  for (const DestinationVerdict* v : best_first)
    candidates.push_back({v->destination, named(all, v->destination)->labels});
  SpreadResult result = spread(candidates, *policy.spread);
  placement.destinations = std::move(result.chosen);
  if (placement.destinations.empty()) placement.pending_reason = result.shortfall;
}

void choose_location_first(const GroupToPlace& group, const PlacementPolicy& policy,
                           const std::vector<Destination>& all, const SchedulingContext& context,
                           Decision& decision) {
  std::vector<std::string> names;
  for (const DestinationVerdict* v : ranked(group, decision, true)) names.push_back(v->destination);
  const auto bound = context.placements.find(policy.name);
  decision.location = bound != context.placements.end()
                          ? choose_location(bound->second, all, names, group.current)
                          : choose_location(policy.name, policy.location_selectors, context.locations, all,
                                            names, group.current);
  if (decision.location->state != PlacementState::bound) {
    const bool not_ready = decision.location->state == PlacementState::pending;
    decision.placement.pending_reason =
        std::string(to_string(decision.location->state)) + ": " +
        (not_ready ? "PlacementPolicy " + policy.name + " condition Ready False: " : "") +
        decision.location->reason;
    // Seed 004: the sync targets of a Placement that is not Ready are removed.
    if (not_ready && group.current) {
      decision.placement.removed_from = group.current;
      decision.placement.pending_reason += "; its bundle is removed from Destination " + *group.current;
    }
    return;
  }
  decision.placement.destinations = {decision.location->destination};
  if (group.current && *group.current != decision.location->destination) {
    decision.placement.moved_from = group.current;
    // The Location's reason reads "moved from <current>: <why>"; the placement names `current` already.
    const std::string prefix = "moved from " + *group.current + ": ";
    const std::string& reason = decision.location->reason;
    decision.placement.moved_reason = reason.starts_with(prefix) ? reason.substr(prefix.size()) : reason;
  }
}

// Krake (seed 003): with rescheduling on, "a cluster that isn't reachable is not considered", so a group on
// a Destination that is not ready is scheduled again like a new one, whatever the misplaced policy says.
// Returns the reason for the move, or "" when the current Destination is ready (or not declared).
std::string offline_reason(const GroupToPlace& group, const PlacementPolicy& policy,
                           const std::vector<Destination>& all) {
  const Destination* current = group.current ? named(all, *group.current) : nullptr;
  if (!policy.rescheduling || !current || current->readiness.ready) return "";
  return "Destination " + current->name + " is offline (" + current->why_not_schedulable() +
         "); rescheduled by PlacementPolicy " + policy.name;
}

void choose_one(const GroupToPlace& group, const PlacementPolicy& policy, const std::vector<Destination>& all,
                const std::vector<const DestinationVerdict*>& best_first, Decision& decision) {
  Placement& placement = decision.placement;
  const DestinationVerdict* best = best_first.empty() ? nullptr : best_first.front();
  if (group.current) {
    const auto current =
        std::find_if(decision.verdicts.begin(), decision.verdicts.end(),
                     [&](const DestinationVerdict& v) { return v.destination == *group.current; });
    const bool stays = current != decision.verdicts.end() && current->eligible;
    if (stays && (!policy.rescheduling || !best || best->destination == *group.current)) {
      placement.destinations = {*group.current};
      return;
    }
    const std::string offline = stays ? "" : offline_reason(group, policy, all);
    if (!offline.empty() && best) {
      placement.moved_from = group.current;
      placement.moved_reason = offline;
      placement.destinations = {best->destination};
      return;
    }
    if (!stays && (group.policy == MisplacedPolicy::keep || !best)) {
      placement.destinations = {*group.current};
      placement.misplaced_reason = current == decision.verdicts.end()
                                       ? "Destination " + *group.current + " is no longer declared"
                                       : "Destination " + *group.current +
                                             " no longer passes the selector and "
                                             "predicates of PlacementPolicy " +
                                             policy.name;
      if (!best) placement.misplaced_reason += "; no other Destination takes it";
      return;
    }
    placement.moved_from = group.current;
  }
  if (best) placement.destinations = {best->destination};
}

}  // namespace

void choose(const GroupToPlace& group, const PlacementPolicy& policy, const std::vector<Destination>& all,
            const SchedulingContext& context, std::size_t checked, Decision& decision) {
  const std::vector<const DestinationVerdict*> best_first = ranked(group, decision);
  if (group.cardinality == Cardinality::every_match) {
    for (const DestinationVerdict& v : decision.verdicts) {
      if (v.eligible) decision.placement.destinations.push_back(v.destination);
    }
    std::sort(decision.placement.destinations.begin(), decision.placement.destinations.end());
  } else if (policy.spread) {
    choose_spread(policy, all, best_first, decision.placement);
  } else if (!policy.location_selectors.empty()) {
    choose_location_first(group, policy, all, context, decision);
  } else {
    choose_one(group, policy, all, best_first, decision);
  }
  if (decision.placement.destinations.empty() && decision.placement.pending_reason.empty()) {
    decision.placement.pending_reason = no_match(group, policy, checked);
  }
}

}  // namespace ferry::scheduler
