#include "scheduler/affinity.h"

#include <algorithm>
#include <map>

namespace ferry::scheduler {

bool cluster_affinity_holds(const std::vector<LabelSelector>& terms, const Labels& labels) {
  if (terms.empty()) return true;
  return std::any_of(terms.begin(), terms.end(),
                     [&](const LabelSelector& term) { return matches(term, labels); });
}

std::set<std::string> domains_hosting(const WorkloadAffinityTerm& term,
                                      const std::vector<Destination>& destinations,
                                      const std::vector<PlacedWorkload>& placed) {
  std::map<std::string, const Destination*> by_name;
  for (const Destination& d : destinations) by_name.emplace(d.name, &d);
  std::set<std::string> domains;
  for (const PlacedWorkload& workload : placed) {
    if (!matches(term.label_selector, workload.labels)) continue;
    const auto found = by_name.find(workload.destination);
    if (found == by_name.end()) continue;
    const auto domain = found->second->labels.find(term.topology_key);
    if (domain != found->second->labels.end()) domains.insert(domain->second);
  }
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

std::string to_string(const WorkloadAffinityTerm& term) {
  return to_string(term.label_selector) + " by " + term.topology_key;
}

}  // namespace ferry::scheduler
