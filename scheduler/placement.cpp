#include "scheduler/placement.h"

#include <algorithm>

#include "scheduler/score.h"

namespace ferry::scheduler {

DestinationVerdict judge(const GroupToPlace& group, const Destination& d) {
  DestinationVerdict verdict;
  verdict.destination = d.name;
  verdict.eligible = true;
  verdict.score = rendezvous_score(group.key, d.name);
  for (const Requirement& r : group.selector) {
    auto found = d.labels.find(r.key);
    TermVerdict term{r, std::nullopt, false};
    if (found != d.labels.end()) term.actual = found->second;
    term.met = holds(r, d.labels);
    verdict.eligible = verdict.eligible && term.met;
    verdict.terms.push_back(std::move(term));
  }
  verdict.strict_refused = group.selector.empty() && d.strict_match_labels && !d.labels.empty();
  verdict.unschedulable = d.why_not_schedulable();
  verdict.eligible = verdict.eligible && !verdict.strict_refused && verdict.unschedulable.empty();
  return verdict;
}

namespace {

std::string explain_no_match(const Selector& selector, const std::vector<DestinationVerdict>& verdicts) {
  const std::size_t count = verdicts.size();
  if (count == 0) return "no Destinations are declared";
  std::size_t held_back = 0;  // match, but take no new placements
  for (const DestinationVerdict& v : verdicts) {
    const bool terms_met = std::all_of(v.terms.begin(), v.terms.end(), [](const TermVerdict& t) { return t.met; });
    if (terms_met && !v.strict_refused && !v.unschedulable.empty()) ++held_back;
  }
  const std::string unready =
      held_back == 0 ? "" : "; " + std::to_string(held_back) + " that match are not ready or unschedulable";
  if (selector.empty() && held_back == 0) {
    return "no Destination takes a group with an empty selector: all " + std::to_string(count) +
           " have strictMatchLabels and labels";
  }
  return "no Destination matches " + to_string(selector) + " (" + std::to_string(count) + " Destinations checked" +
         unready + ")";
}

// The highest rendezvous score among eligible Destinations; the name breaks an (astronomically unlikely)
// tie so that the order of Destinations never matters.
const DestinationVerdict* best_of(const std::vector<DestinationVerdict>& verdicts) {
  const DestinationVerdict* best = nullptr;
  for (const DestinationVerdict& v : verdicts) {
    if (!v.eligible) continue;
    if (!best || v.score > best->score || (v.score == best->score && v.destination < best->destination)) best = &v;
  }
  return best;
}

// Why the current Destination no longer takes the group, or "" when it still does.
std::string misplacement(const GroupToPlace& group, const std::vector<DestinationVerdict>& verdicts) {
  for (const DestinationVerdict& v : verdicts) {
    if (v.destination != *group.current) continue;
    if (v.eligible) return "";
    if (!v.unschedulable.empty()) return "Destination " + v.destination + " is " + v.unschedulable;
    return "Destination " + v.destination + " no longer matches " + to_string(group.selector);
  }
  return "Destination " + *group.current + " is no longer declared";
}

Placement choose_one(const GroupToPlace& group, const std::vector<DestinationVerdict>& verdicts) {
  Placement placement;
  const DestinationVerdict* best = best_of(verdicts);
  if (group.current) {
    const std::string why = misplacement(group, verdicts);
    if (why.empty()) return Placement{{*group.current}, "", "", std::nullopt};
    if (group.policy == MisplacedPolicy::keep || !best) {
      return Placement{{*group.current}, "", why + (best ? "" : "; no other Destination takes it"), std::nullopt};
    }
    placement.moved_from = group.current;
  }
  if (!best) {
    placement.pending_reason = explain_no_match(group.selector, verdicts);
    return placement;
  }
  placement.destinations.push_back(best->destination);
  return placement;
}

}  // namespace

Decision decide(const GroupToPlace& group, const std::vector<Destination>& destinations) {
  Decision decision;
  for (const Destination& d : destinations) decision.verdicts.push_back(judge(group, d));
  if (group.cardinality == Cardinality::one) {
    decision.placement = choose_one(group, decision.verdicts);
    return decision;
  }
  for (const DestinationVerdict& v : decision.verdicts) {
    if (v.eligible) decision.placement.destinations.push_back(v.destination);
  }
  std::sort(decision.placement.destinations.begin(), decision.placement.destinations.end());
  if (decision.placement.destinations.empty()) {
    decision.placement.pending_reason = explain_no_match(group.selector, decision.verdicts);
  }
  return decision;
}

Placement place(const GroupToPlace& group, const std::vector<Destination>& destinations) {
  return decide(group, destinations).placement;
}

std::vector<const Destination*> candidates(const Selector& selector, const std::vector<Destination>& all) {
  const std::vector<DestinationVerdict> verdicts = decide({"", selector, Cardinality::every_match, {}, {}}, all).verdicts;
  std::vector<const Destination*> found;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (verdicts[i].eligible) found.push_back(&all[i]);
  }
  return found;
}

}  // namespace ferry::scheduler
