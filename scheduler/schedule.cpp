#include "scheduler/schedule.h"

#include <algorithm>
#include <set>

#include "scheduler/schedule_choice.h"

namespace ferry::scheduler {
namespace {

// One workload term with its description and the domains hosting matching workloads, computed once per
// term for all candidates (the description too: it is in every candidate's verdict).
struct TermHosts {
  const WorkloadAffinityTerm* term;
  std::string text;  // "required workload affinity app in (back-end) by zone", ...
  DomainHosts hosts;
};

struct WorkloadDomains {
  std::vector<TermHosts> required_affinity, required_anti, preferred_affinity, preferred_anti;
};

WorkloadDomains domains_of(const PlacementPolicy& p, const std::vector<Destination>& all,
                           const std::vector<PlacedWorkload>& placed) {
  const auto hosts = [&](const std::string& kind, const WorkloadAffinityTerm& t) {
    return TermHosts{&t, kind + " " + to_string(t), hosts_by_domain(t, all, placed)};
  };
  WorkloadDomains d;
  for (const auto& t : p.workload_affinity.required)
    d.required_affinity.push_back(hosts("required workload affinity", t));
  for (const auto& t : p.workload_anti_affinity.required)
    d.required_anti.push_back(hosts("required workload anti-affinity", t));
  for (const auto& t : p.workload_affinity.preferred)
    d.preferred_affinity.push_back(hosts("preferred workload affinity", t.term));
  for (const auto& t : p.workload_anti_affinity.preferred)
    d.preferred_anti.push_back(hosts("preferred workload anti-affinity", t.term));
  return d;
}

PredicateResult metric_predicate(const MetricConstraint& c, const Destination& d,
                                 const std::map<std::string, double>& values) {
  PredicateResult result{"metric constraint " + to_string(c), false, ""};
  const bool listed = std::any_of(d.metrics.begin(), d.metrics.end(),
                                  [&](const DestinationMetric& m) { return m.name == c.metric; });
  const auto value = values.find(c.metric);
  if (!listed) {
    result.detail = "no metric " + c.metric;
  } else if (value == values.end()) {
    result.detail = "metric " + c.metric + " has no value";
  } else {
    result.met = satisfied(c, value->second);
    result.detail = c.metric + "=" + std::to_string(value->second);
  }
  return result;
}

std::string either(const std::vector<LabelSelector>& terms) {
  std::string text;
  for (const LabelSelector& t : terms) text += (text.empty() ? "" : " or ") + to_string(t);
  return text;
}

std::vector<PredicateResult> predicates_of(const PlacementPolicy& p, const WorkloadDomains& domains,
                                           const Destination& d, const SchedulingContext& context) {
  std::vector<PredicateResult> results;
  for (const Requirement& r : p.label_constraints) {
    // A negation failing on a missing label is the surprising case (Kubernetes' NotIn would hold): say so.
    const bool negation = r.op == Operator::not_equals || r.op == Operator::not_in;
    const std::string detail = negation && !d.labels.contains(r.key) ? "no label " + r.key : "";
    results.push_back({"label constraint " + to_string(r), label_constraint_holds(r, d.labels), detail});
  }
  for (const MetricConstraint& c : p.metric_constraints) {
    results.push_back(metric_predicate(c, d, context.normalised_metric_values));
  }
  for (const std::string& crd : p.custom_resources) {
    const bool served =
        std::find(d.custom_resources.begin(), d.custom_resources.end(), crd) != d.custom_resources.end();
    results.push_back({"custom resource " + crd, served, served ? "" : "not served"});
  }
  if (p.target_destination) {
    results.push_back({"target Destination " + *p.target_destination, d.name == *p.target_destination, ""});
  }
  if (!p.cluster_affinity.required_terms.empty()) {
    results.push_back({"required cluster affinity " + either(p.cluster_affinity.required_terms),
                       cluster_affinity_holds(p.cluster_affinity.required_terms, d.labels), ""});
  }
  for (const TermHosts& t : domains.required_affinity) {
    results.push_back(
        {t.text, workload_affinity_holds(*t.term, t.hosts, d), domain_detail(*t.term, t.hosts, d)});
  }
  for (const TermHosts& t : domains.required_anti) {
    results.push_back(
        {t.text, workload_anti_affinity_holds(*t.term, t.hosts, d), domain_detail(*t.term, t.hosts, d)});
  }
  return results;
}

std::vector<PreferenceTerm> preferences_of(const PlacementPolicy& p, const WorkloadDomains& domains,
                                           const Destination& d) {
  std::vector<PreferenceTerm> terms;
  for (const PriorityFunction& f : p.priority_functions) {
    const int score = priority_score(f, d.labels);
    terms.push_back({to_string(f) + " scores " + std::to_string(score), f.weight, true, false, score / 10.0});
  }
  for (const WeightedSelector& w : p.cluster_affinity.preferred) {
    terms.push_back(
        {"preferred cluster affinity " + to_string(w.preference), w.weight, matches(w.preference, d.labels)});
  }
  for (std::size_t i = 0; i < domains.preferred_affinity.size(); ++i) {
    const TermHosts& t = domains.preferred_affinity[i];
    terms.push_back(
        {t.text, p.workload_affinity.preferred[i].weight, workload_affinity_holds(*t.term, t.hosts, d)});
  }
  for (std::size_t i = 0; i < domains.preferred_anti.size(); ++i) {
    const TermHosts& t = domains.preferred_anti[i];
    terms.push_back({t.text, p.workload_anti_affinity.preferred[i].weight,
                     !workload_anti_affinity_holds(*t.term, t.hosts, d), true});
  }
  return terms;
}

// Each preferred workload term on one Destination, matched or not, with what its domain hosts.
std::vector<PredicateResult> workload_preferences_of(const WorkloadDomains& domains, const Destination& d) {
  std::vector<PredicateResult> results;
  for (const TermHosts& t : domains.preferred_affinity) {
    results.push_back(
        {t.text, workload_affinity_holds(*t.term, t.hosts, d), domain_detail(*t.term, t.hosts, d)});
  }
  for (const TermHosts& t : domains.preferred_anti) {
    results.push_back(
        {t.text, !workload_anti_affinity_holds(*t.term, t.hosts, d), domain_detail(*t.term, t.hosts, d)});
  }
  return results;
}

// Positions to judge: what the index cannot rule out, plus the current Destination.
std::vector<std::size_t> positions(const GroupToPlace& group, const std::vector<Destination>& all,
                                   const SchedulingContext& context) {
  std::vector<std::size_t> chosen;
  if (context.index) {
    chosen = context.index->may_match(group.selector);
  } else {
    for (std::size_t i = 0; i < all.size(); ++i) chosen.push_back(i);
  }
  for (std::size_t i = 0; group.current && i < all.size(); ++i) {
    if (all[i].name == *group.current && !std::binary_search(chosen.begin(), chosen.end(), i)) {
      chosen.insert(std::upper_bound(chosen.begin(), chosen.end(), i), i);
    }
  }
  return chosen;
}

}  // namespace

Decision schedule(const GroupToPlace& group, const PlacementPolicy* policy,
                  const std::vector<Destination>& destinations, const SchedulingContext& context) {
  if (!policy) return decide(group, destinations);
  Decision decision;
  const WorkloadDomains domains = domains_of(*policy, destinations, context.placed);
  std::vector<Candidate> candidates;
  std::vector<std::size_t> scored;  // verdict positions of the candidates
  for (std::size_t i : positions(group, destinations, context)) {
    DestinationVerdict v = judge(group, destinations[i]);
    if (v.eligible || destinations[i].name == group.current) {
      v.predicates = predicates_of(*policy, domains, destinations[i], context);
      for (const PredicateResult& r : v.predicates) v.eligible = v.eligible && r.met;
    }
    if (v.eligible) {
      v.workload_preferences = workload_preferences_of(domains, destinations[i]);
      candidates.push_back({&destinations[i], destinations[i].name == group.current,
                            preferences_of(*policy, domains, destinations[i])});
      scored.push_back(decision.verdicts.size());
    }
    decision.verdicts.push_back(std::move(v));
  }
  const std::vector<Score> scores =
      score_candidates(candidates, policy->stickiness_weight, context.normalised_metric_values);
  for (std::size_t k = 0; k < scores.size(); ++k) decision.verdicts[scored[k]].priority = scores[k];
  choose(group, *policy, destinations, context, destinations.size(), decision);
  return decision;
}

}  // namespace ferry::scheduler
