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

// Why nothing takes the group. `verdicts` must include every Destination whose selector terms all hold (the
// held-back count comes from them); `count` is how many Destinations there are in all.
std::string explain_no_match(const Selector& selector, const std::vector<DestinationVerdict>& verdicts,
                             std::size_t count) {
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
  if (best) placement.destinations.push_back(best->destination);  // else pending: conclude() says why
  return placement;
}

// The placement from the verdicts of every Destination that may be eligible or is the current one, among
// `count` Destinations in all.
Placement conclude(const GroupToPlace& group, const std::vector<DestinationVerdict>& verdicts,
                   std::size_t count) {
  if (group.cardinality == Cardinality::one) {
    Placement placement = choose_one(group, verdicts);
    if (placement.pending()) placement.pending_reason = explain_no_match(group.selector, verdicts, count);
    return placement;
  }
  Placement placement;
  for (const DestinationVerdict& v : verdicts) {
    if (v.eligible) placement.destinations.push_back(v.destination);
  }
  std::sort(placement.destinations.begin(), placement.destinations.end());
  if (placement.pending()) placement.pending_reason = explain_no_match(group.selector, verdicts, count);
  return placement;
}

// Ascending positions the index cannot rule out, plus the current Destination's.
std::vector<std::size_t> positions(const GroupToPlace& group, const DestinationIndex& index) {
  std::vector<std::size_t> chosen = index.may_match(group.selector);
  const std::optional<std::size_t> current = group.current ? index.position_of(*group.current) : std::nullopt;
  if (current && !std::binary_search(chosen.begin(), chosen.end(), *current)) {
    chosen.insert(std::upper_bound(chosen.begin(), chosen.end(), *current), *current);
  }
  return chosen;
}

}  // namespace

Decision decide(const GroupToPlace& group, const std::vector<Destination>& destinations) {
  Decision decision;
  decision.verdicts.reserve(destinations.size());
  for (const Destination& d : destinations) decision.verdicts.push_back(judge(group, d));
  decision.placement = conclude(group, decision.verdicts, destinations.size());
  return decision;
}

Decision decide(const GroupToPlace& group, const std::vector<Destination>& destinations,
                const DestinationIndex& index) {
  Decision decision;
  const std::vector<std::size_t> judged = positions(group, index);
  decision.verdicts.reserve(judged.size());
  for (std::size_t i : judged) decision.verdicts.push_back(judge(group, destinations[i]));
  decision.placement = conclude(group, decision.verdicts, destinations.size());
  return decision;
}

Placement place(const GroupToPlace& group, const std::vector<Destination>& destinations) {
  return decide(group, destinations).placement;
}

Placement place(const GroupToPlace& group, const std::vector<Destination>& destinations,
                const DestinationIndex& index) {
  return decide(group, destinations, index).placement;
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
