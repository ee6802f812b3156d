#include "runner/explain.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/untrusted_text.h"
#include "runner/report.h"

namespace ferry::runner {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::string describe_term(const scheduler::TermVerdict& term) {
  const std::string has = term.actual ? "has " + term.requirement.key + "=" + *term.actual
                                      : "no " + term.requirement.key + " label";
  return std::string(term.met ? "met " : "failed ") + scheduler::to_string(term.requirement) +
         (term.met ? "" : " (" + has + ")");
}

// Whether the Kratix selector, strictMatchLabels and readiness alone take the group.
bool selector_takes(const scheduler::DestinationVerdict& v) {
  return !v.strict_refused && v.unschedulable.empty() &&
         std::all_of(v.terms.begin(), v.terms.end(), [](const auto& t) { return t.met; });
}

std::string describe_verdict(const scheduler::DestinationVerdict& v, bool by_policy) {
  const bool takes = by_policy ? selector_takes(v) : v.eligible;
  if (v.strict_refused) return "refused: strictMatchLabels takes no group with an empty selector";
  if (!v.unschedulable.empty()) return "refused: " + v.unschedulable;
  if (v.terms.empty()) return by_policy ? "selector: empty" : "takes it: the selector is empty";
  std::vector<std::string> terms;
  for (const auto& t : v.terms) terms.push_back(describe_term(t));
  if (by_policy) return std::string(takes ? "selector: " : "refused: ") + join(terms);
  return std::string(takes ? "takes it: " : "refused: ") + join(terms);
}

std::string short_number(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

std::string describe_terms(const std::vector<scheduler::ScoreTerm>& terms) {
  std::vector<std::string> parts;
  for (const auto& t : terms)
    parts.push_back(t.name + " " + short_number(t.value) + "x" + short_number(t.weight));
  return join(parts);
}

// A policy's predicates and score terms on one Destination, one line each, under its verdict.
std::string describe_policy_terms(const scheduler::DestinationVerdict& v, const std::string& indent) {
  std::string out;
  for (const auto& p : v.predicates) {
    out += indent + (p.met ? "met " : "failed ") + p.predicate +
           (p.detail.empty() ? "" : " (" + p.detail + ")") + "\n";
  }
  for (const auto& p : v.workload_preferences) {
    out += indent + (p.met ? "matched " : "unmatched ") + p.predicate +
           (p.detail.empty() ? "" : " (" + p.detail + ")") + "\n";
  }
  if (!v.priority) return out;
  const scheduler::Score& s = *v.priority;
  out += indent + "score " + short_number(s.total) + ": krake " + short_number(s.krake) + " (" +
         describe_terms(s.krake_terms) + ")";
  if (!s.preference_terms.empty()) out += " + preferences (" + describe_terms(s.preference_terms) + ")";
  if (!s.note.empty()) {
    out += ", " + s.note;
  } else if (s.filtered_out) {
    out += ", filtered out";
  }
  return out + "\n";
}

std::string policy_choice(const GroupDecision& group) {
  const scheduler::Placement& p = group.decision.placement;
  if (p.pending()) return "pending: " + p.pending_reason;
  if (p.misplaced()) return "stays on " + p.destinations[0] + ", misplaced: " + p.misplaced_reason;
  std::string text = "goes to " + join(p.destinations);
  if (p.moved_from) text += ", moving from " + *p.moved_from;
  if (!p.moved_reason.empty()) text += " (" + p.moved_reason + ")";
  return text + (group.shares.empty() ? " (PlacementPolicy " : " (PlacementPolicies ") + group.policy + ")";
}

nlohmann::ordered_json terms_json(const std::vector<scheduler::ScoreTerm>& terms) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& t : terms) out.push_back({{"name", t.name}, {"value", t.value}, {"weight", t.weight}});
  return out;
}

void add_policy_json(const scheduler::DestinationVerdict& v, nlohmann::ordered_json& destination) {
  nlohmann::ordered_json predicates = nlohmann::ordered_json::array();
  for (const auto& p : v.predicates)
    predicates.push_back({{"predicate", p.predicate}, {"met", p.met}, {"detail", p.detail}});
  destination["predicates"] = predicates;
  nlohmann::ordered_json preferences = nlohmann::ordered_json::array();
  for (const auto& p : v.workload_preferences)
    preferences.push_back({{"preference", p.predicate}, {"matched", p.met}, {"detail", p.detail}});
  destination["workload_preferences"] = preferences;
  if (!v.priority) return;
  const scheduler::Score& s = *v.priority;
  destination["score"] = {{"total", s.total},
                          {"krake", s.krake},
                          {"krake_terms", terms_json(s.krake_terms)},
                          {"preference_terms", terms_json(s.preference_terms)},
                          {"has_metrics", s.has_metrics},
                          {"filtered_out", s.filtered_out},
                          {"note", s.note}};
}

void add_group_policy_json(const GroupDecision& g, nlohmann::ordered_json& group) {
  group["policy"] = g.policy;
  group["notes"] = g.notes;
  const auto& location = g.decision.location;
  if (!location) return;
  group["location"] = {{"state", scheduler::to_string(location->state)},
                       {"location", location->location},
                       {"destination", location->destination},
                       {"reason", location->reason}};
}

// A group's policy, notes and verdicts (every Destination judged), above its "=>" line.
std::string render_decision(const GroupDecision& g) {
  std::string out;
  const bool by_policy = !g.policy.empty();
  if (by_policy) out += "    PlacementPolicy " + untrusted_line(g.policy) + "\n";
  for (const auto& note : g.notes) out += "    note: " + untrusted_line(note) + "\n";
  std::size_t width = 0;
  for (const auto& v : g.decision.verdicts) width = std::max(width, v.destination.size());
  for (const auto& v : g.decision.verdicts) {
    out += "    " + v.destination + std::string(width - v.destination.size() + 2, ' ') +
           describe_verdict(v, by_policy) + "\n";
    if (by_policy) {
      out += describe_policy_terms(v, std::string(width + 6, ' '));
      out += std::string(width + 6, ' ') + (v.eligible ? "eligible" : "not eligible") + "\n";
    }
  }
  return out;
}

// A group several KCP Placements govern: each one's decision in turn, then the notes of the whole group
// that are not one Placement's own (a deleted Placement's removals, the Placements' removals).
std::string render_shares(const GroupDecision& g) {
  std::string out =
      "    PlacementPolicies " + untrusted_line(g.policy) + ": one Destination in each one's Location\n";
  std::vector<std::string> own;
  for (const GroupDecision& share : g.shares) {
    out += render_decision(share) + "    => " + describe_choice(share) + "\n";
    for (const auto& note : share.notes) own.push_back("PlacementPolicy " + share.policy + ": " + note);
  }
  for (const auto& note : g.notes) {
    if (std::find(own.begin(), own.end(), note) == own.end())
      out += "    note: " + untrusted_line(note) + "\n";
  }
  return out;
}

}  // namespace

std::string describe_choice(const GroupDecision& group) {
  if (!group.policy.empty()) return policy_choice(group);
  const scheduler::Placement& p = group.decision.placement;
  if (p.pending()) return "pending: " + p.pending_reason;
  if (p.misplaced()) return "stays on " + p.destinations[0] + ", misplaced: " + p.misplaced_reason;
  if (p.moved_from) return "moves from " + *p.moved_from + " to " + p.destinations[0] + " (highest score)";
  if (group.current) return "stays on " + p.destinations[0] + " (already placed there, still matches)";
  if (group.cardinality == scheduler::Cardinality::every_match) {
    return "goes to every Destination that takes it: " + join(p.destinations);
  }
  return "goes to " + p.destinations[0] + " (highest score among those that take it)";
}

std::string render_explanation_text(const Explanation& explanation) {
  std::string out = untrusted_line(explanation.subject) + "\n";
  if (!explanation.decided_before.empty())
    out += "  decided after these requests of the same run, which its workload affinity sees:\n";
  for (const EarlierDecision& e : explanation.decided_before) {
    out += "    " + untrusted_line(e.request) + ": " +
           (e.destinations.empty() ? "pending" : "goes to " + untrusted_line(join(e.destinations))) + "\n";
  }
  if (explanation.groups.empty()) out += "  no output groups: nothing to place\n";
  for (const GroupDecision& g : explanation.groups) {
    out += "  pipeline " + untrusted_line(g.pipeline) + ", group " + untrusted_line(g.directory) + " (" +
           g.group_id.substr(0, 5) + "), selector " + untrusted_line(scheduler::to_string(g.selector)) + "\n";
    if (g.shares.empty()) {
      out += render_decision(g);
    } else {
      out += render_shares(g);
    }
    out += "    => " + describe_choice(g) + "\n";
  }
  // Destination names and verdicts are shown as they are above; this last pass escapes what they carry
  // (control characters, a line that would start a workflow command) and masks secret values.
  return untrusted_lines(out);
}

namespace {

// One group as JSON; with several KCP Placements, each one's decision under "placements".
nlohmann::ordered_json group_json(const GroupDecision& g) {
  nlohmann::ordered_json destinations = nlohmann::ordered_json::array();
  for (const auto& v : g.decision.verdicts) {
    nlohmann::ordered_json terms = nlohmann::ordered_json::array();
    for (const auto& t : v.terms) {
      terms.push_back({{"key", t.requirement.key},
                       {"value", t.requirement.value},
                       {"actual", t.actual ? nlohmann::ordered_json(*t.actual) : nlohmann::ordered_json()},
                       {"met", t.met}});
    }
    nlohmann::ordered_json destination = {{"name", v.destination},
                                          {"eligible", v.eligible},
                                          {"strict_refused", v.strict_refused},
                                          {"terms", terms}};
    if (!g.policy.empty()) add_policy_json(v, destination);
    destinations.push_back(std::move(destination));
  }
  const auto& p = g.decision.placement;
  nlohmann::ordered_json group = {
      {"pipeline", g.pipeline},
      {"directory", g.directory},
      {"group_id", g.group_id},
      {"selector", scheduler::to_string(g.selector)},
      {"current", g.current ? nlohmann::ordered_json(*g.current) : nlohmann::ordered_json()},
      {"destinations", destinations},
      {"chosen", p.destinations},
      {"pending_reason", p.pending_reason},
      {"misplaced", p.misplaced_reason},
      {"choice", describe_choice(g)}};
  if (!g.policy.empty()) add_group_policy_json(g, group);
  if (g.shares.empty()) return group;
  nlohmann::ordered_json shares = nlohmann::ordered_json::array();
  for (const GroupDecision& share : g.shares) shares.push_back(group_json(share));
  group["placements"] = shares;  // several KCP Placements: each one's decision
  return group;
}

}  // namespace

std::string render_explanation_json(const Explanation& explanation) {
  nlohmann::ordered_json groups = nlohmann::ordered_json::array();
  for (const GroupDecision& g : explanation.groups) groups.push_back(group_json(g));
  nlohmann::ordered_json decided_before = nlohmann::ordered_json::array();
  for (const EarlierDecision& e : explanation.decided_before)
    decided_before.push_back({{"request", e.request}, {"destinations", e.destinations}});
  nlohmann::ordered_json doc = {{"format_version", 1},
                                {"subject", explanation.subject},
                                {"decided_before", decided_before},
                                {"groups", groups}};
  return report_json_text(doc);
}

}  // namespace ferry::runner
