#include "scheduler/affinity.h"

#include <algorithm>
#include <map>

namespace ferry::scheduler {

bool cluster_affinity_holds(const std::vector<LabelSelector>& terms, const Labels& labels) {
  if (terms.empty()) return true;
  return std::any_of(terms.begin(), terms.end(),
                     [&](const LabelSelector& term) { return matches(term, labels); });
}

DomainHosts hosts_by_domain(const WorkloadAffinityTerm& term, const std::vector<Destination>& destinations,
                            const std::vector<PlacedWorkload>& placed) {
  DomainHosts hosts;
  if (placed.empty()) return hosts;
  // Sorted by name once per term (a first name wins, as it would in a map).
  std::vector<const Destination*> by_name;
  for (const Destination& d : destinations) by_name.push_back(&d);
  const auto name_less = [](const Destination* a, const Destination* b) { return a->name < b->name; };
  std::stable_sort(by_name.begin(), by_name.end(), name_less);
  for (const PlacedWorkload& workload : placed) {
    if (!matches(term.label_selector, workload.labels)) continue;
    const auto found =
        std::lower_bound(by_name.begin(), by_name.end(), workload.destination,
                         [](const Destination* d, const std::string& name) { return d->name < name; });
    if (found == by_name.end() || (*found)->name != workload.destination) continue;
    const auto domain = (*found)->labels.find(term.topology_key);
    if (domain != (*found)->labels.end()) hosts[domain->second].push_back(&workload);
  }
  return hosts;
}

std::set<std::string> domains_hosting(const WorkloadAffinityTerm& term,
                                      const std::vector<Destination>& destinations,
                                      const std::vector<PlacedWorkload>& placed) {
  std::set<std::string> domains;
  for (const auto& [domain, workloads] : hosts_by_domain(term, destinations, placed)) domains.insert(domain);
  return domains;
}

bool workload_affinity_holds(const WorkloadAffinityTerm& term, const std::set<std::string>& hosting,
                             const Destination& candidate) {
  const auto domain = candidate.labels.find(term.topology_key);
  return domain != candidate.labels.end() && hosting.count(domain->second) > 0;
}

bool workload_anti_affinity_holds(const WorkloadAffinityTerm& term, const std::set<std::string>& hosting,
                                  const Destination& candidate) {
  const auto domain = candidate.labels.find(term.topology_key);
  return domain == candidate.labels.end() || hosting.count(domain->second) == 0;
}

bool workload_affinity_holds(const WorkloadAffinityTerm& term, const DomainHosts& hosting,
                             const Destination& candidate) {
  const auto domain = candidate.labels.find(term.topology_key);
  return domain != candidate.labels.end() && hosting.contains(domain->second);
}

bool workload_anti_affinity_holds(const WorkloadAffinityTerm& term, const DomainHosts& hosting,
                                  const Destination& candidate) {
  return !workload_affinity_holds(term, hosting, candidate);
}

std::string domain_detail(const WorkloadAffinityTerm& term, const DomainHosts& hosting,
                          const Destination& candidate) {
  const auto domain = candidate.labels.find(term.topology_key);
  if (domain == candidate.labels.end()) return "no " + term.topology_key + " label";
  std::string text = term.topology_key + "=" + domain->second + " hosts ";
  const auto found = hosting.find(domain->second);
  if (found == hosting.end()) return text + "none";
  constexpr std::size_t kNamed = 3;
  int unnamed = 0;
  std::string named;
  for (std::size_t i = 0; i < found->second.size(); ++i) {
    const PlacedWorkload& w = *found->second[i];
    if (i >= kNamed) {
      unnamed += 1 + w.more;
      continue;
    }
    named += (named.empty() ? "" : ", ") + w.name + " on " + w.destination +
             (w.same_run ? " (placed earlier in this run)" : "");
    unnamed += w.more;
  }
  return text + named + (unnamed ? " and " + std::to_string(unnamed) + " more" : "");
}

std::string to_string(const WorkloadAffinityTerm& term) {
  return to_string(term.label_selector) + " by " + term.topology_key;
}

}  // namespace ferry::scheduler
