// Crossplane's cluster affinity and inter-workload affinity/anti-affinity (seed 002), on Destinations.
// Pure functions over the Destinations and the current placements of other requests.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/label_selector.h"
#include "scheduler/destination.h"

namespace ferry::scheduler {

// clusterAffinity.preferredDuringSchedulingIgnoredDuringExecution[]: {weight, preference}.
struct WeightedSelector {
  int weight = 1;  // 1..100
  LabelSelector preference;
};

struct ClusterAffinity {
  std::vector<LabelSelector> required_terms;  // clusterSelectorTerms: ORed; none means no requirement
  std::vector<WeightedSelector> preferred;
};

// "Place with (or away from) requests matching label_selector, in the same topology domain": Destinations
// with equal values of the label topology_key form one domain.
struct WorkloadAffinityTerm {
  LabelSelector label_selector;
  std::string topology_key;
};

struct WeightedWorkloadTerm {
  int weight = 1;  // 1..100
  WorkloadAffinityTerm term;
};

struct WorkloadAffinity {
  std::vector<WorkloadAffinityTerm> required;  // all must hold
  std::vector<WeightedWorkloadTerm> preferred;
};

// Another request's group, placed on a Destination (what "workloads already running" means in ferry):
// read back from the stores, or decided earlier in the same run (placement/same_run_neighbours.h).
struct PlacedWorkload {
  std::string name;  // "<namespace>/<request>", for explanations
  Labels labels;     // the request's metadata.labels
  std::string destination;
  bool same_run = false;  // placed earlier in this run, not read back from the stores
  int more = 0;           // further requests with these labels on this Destination, placed this run
};

// The matching workloads of each topology domain (value of a term's topology_key).
using DomainHosts = std::map<std::string, std::vector<const PlacedWorkload*>>;

// True when `terms` is empty or one of them matches `labels`.
bool cluster_affinity_holds(const std::vector<LabelSelector>& terms, const Labels& labels);

// The topology domains (values of term.topology_key) whose Destinations host a workload matching
// term.label_selector. Workloads on undeclared Destinations or Destinations without the key are ignored.
std::set<std::string> domains_hosting(const WorkloadAffinityTerm& term,
                                      const std::vector<Destination>& destinations,
                                      const std::vector<PlacedWorkload>& placed);

// The same, with the matching workloads of each domain (pointers into `placed`), for explanations.
DomainHosts hosts_by_domain(const WorkloadAffinityTerm& term, const std::vector<Destination>& destinations,
                            const std::vector<PlacedWorkload>& placed);

// Affinity: the candidate has the topology key and its domain hosts a matching workload.
// Anti-affinity: it does not (a candidate without the key is in no domain, so nothing is near it).
bool workload_affinity_holds(const WorkloadAffinityTerm& term, const std::set<std::string>& hosting,
                             const Destination& candidate);
bool workload_anti_affinity_holds(const WorkloadAffinityTerm& term, const std::set<std::string>& hosting,
                                  const Destination& candidate);

bool workload_affinity_holds(const WorkloadAffinityTerm& term, const DomainHosts& hosting,
                             const Destination& candidate);
bool workload_anti_affinity_holds(const WorkloadAffinityTerm& term, const DomainHosts& hosting,
                                  const Destination& candidate);

// What the candidate's domain hosts, for `ferry explain`: "zone=a hosts team/db on eu-1 (placed earlier in
// this run)", "zone=b hosts none", "no zone label". At most three workloads are named, then "and N more".
std::string domain_detail(const WorkloadAffinityTerm& term, const DomainHosts& hosting,
                          const Destination& candidate);

// "app in (back-end) by crossplane.io/kubernetes"
std::string to_string(const WorkloadAffinityTerm& term);

}  // namespace ferry::scheduler
