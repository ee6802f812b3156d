#include "runner/explain.h"

#include <nlohmann/json.hpp>

namespace ferry::runner {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

std::string describe_term(const scheduler::TermVerdict& term) {
  const std::string has = term.actual ? "has " + term.requirement.key + "=" + *term.actual : "no " + term.requirement.key + " label";
  return std::string(term.met ? "met " : "failed ") + scheduler::to_string(term.requirement) +
         (term.met ? "" : " (" + has + ")");
}

std::string describe_verdict(const scheduler::DestinationVerdict& v) {
  if (v.strict_refused) return "refused: strictMatchLabels takes no group with an empty selector";
  if (!v.unschedulable.empty()) return "refused: " + v.unschedulable;
  if (v.terms.empty()) return "takes it: the selector is empty";
  std::vector<std::string> terms;
  for (const auto& t : v.terms) terms.push_back(describe_term(t));
  return std::string(v.eligible ? "takes it: " : "refused: ") + join(terms);
}

}  // namespace

std::string describe_choice(const GroupDecision& group) {
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
  std::string out = explanation.subject + "\n";
  if (explanation.groups.empty()) out += "  no output groups: nothing to place\n";
  for (const GroupDecision& g : explanation.groups) {
    out += "  pipeline " + g.pipeline + ", group " + g.directory + " (" + g.group_id.substr(0, 5) +
           "), selector " + scheduler::to_string(g.selector) + "\n";
    std::size_t width = 0;
    for (const auto& v : g.decision.verdicts) width = std::max(width, v.destination.size());
    for (const auto& v : g.decision.verdicts) {
      out += "    " + v.destination + std::string(width - v.destination.size() + 2, ' ') + describe_verdict(v) + "\n";
    }
    out += "    => " + describe_choice(g) + "\n";
  }
  return out;
}

std::string render_explanation_json(const Explanation& explanation) {
  nlohmann::ordered_json groups = nlohmann::ordered_json::array();
  for (const GroupDecision& g : explanation.groups) {
    nlohmann::ordered_json destinations = nlohmann::ordered_json::array();
    for (const auto& v : g.decision.verdicts) {
      nlohmann::ordered_json terms = nlohmann::ordered_json::array();
      for (const auto& t : v.terms) {
        terms.push_back({{"key", t.requirement.key}, {"value", t.requirement.value},
                         {"actual", t.actual ? nlohmann::ordered_json(*t.actual) : nlohmann::ordered_json()},
                         {"met", t.met}});
      }
      destinations.push_back({{"name", v.destination}, {"eligible", v.eligible},
                              {"strict_refused", v.strict_refused}, {"terms", terms}});
    }
    const auto& p = g.decision.placement;
    groups.push_back({{"pipeline", g.pipeline},
                      {"directory", g.directory},
                      {"group_id", g.group_id},
                      {"selector", scheduler::to_string(g.selector)},
                      {"current", g.current ? nlohmann::ordered_json(*g.current) : nlohmann::ordered_json()},
                      {"destinations", destinations},
                      {"chosen", p.destinations},
                      {"pending_reason", p.pending_reason},
                      {"misplaced", p.misplaced_reason},
                      {"choice", describe_choice(g)}});
  }
  nlohmann::ordered_json doc = {{"format_version", 1}, {"subject", explanation.subject}, {"groups", groups}};
  return doc.dump(2) + "\n";
}

}  // namespace ferry::runner
