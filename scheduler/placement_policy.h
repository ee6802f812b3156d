// PlacementPolicy (apiVersion scheduling.ferry.dev/v1alpha1): ferry's own kind that adds Krake's,
// Crossplane's, OCM/Karmada's and KCP's scheduling to the Promises it names, without unknown fields in Kratix
// kinds. A plain value (header only); platform/placement_policy_parser.h reads it.
//
//   spec:
//     promises: [app]                       # the Promises it governs
//     predicates:                           # filters, all ANDed with the Kratix selector and readiness
//       labelConstraints: ["location is DE"]        # Krake (scheduler/constraints.h)
//       metricConstraints: ["load < 0.8"]           # on the normalised values of the Destination's metrics
//       customResources: [certificates.cert-manager.io]  # Krake: CRDs the Destination must serve
//       clusterAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {clusterSelectorTerms: [...]}}
//       workloadAffinity / workloadAntiAffinity:    # Crossplane, seed 002
//         requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector, topologyKey}]
//         preferredDuringSchedulingIgnoredDuringExecution: [{weight, workloadAffinityTerm}]
//     priorities:
//       stickinessWeight: 0.1
//       clusterAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight, preference}]}
//       functions: [{weight: 2, labelScore: {label: tier, scores: {gold: 10, silver: 5}}}]  # 1..10 each
//     rescheduling: false                   # Krake: move when another Destination beats the current score
//     spread: {count: 2, topologyKey: zone, maxSkew: 1}
//     locationSelectors: [{matchLabels: {cloud: aws}}]   # KCP
//     namespaceSelector: {matchLabels: {app: foo}}        # KCP: the namespaces it governs (default: all)
//     schedulerName: my-scheduler           # an external scheduler, run by the runner
//     targetDestination: {name: worker-1}   # Crossplane's targetCluster: only this Destination (seed 002)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scheduler/affinity.h"
#include "scheduler/constraints.h"
#include "scheduler/score.h"
#include "scheduler/spread.h"

namespace ferry::scheduler {

struct PlacementPolicy {
  std::string name;
  std::vector<std::string> promises;
  std::vector<Requirement> label_constraints;
  std::vector<MetricConstraint> metric_constraints;
  std::vector<std::string> custom_resources;  // CRD names every candidate must serve
  ClusterAffinity cluster_affinity;           // required terms from predicates, preferred from priorities
  WorkloadAffinity workload_affinity;
  WorkloadAffinity workload_anti_affinity;
  double stickiness_weight = kDefaultStickinessWeight;
  std::vector<PriorityFunction> priority_functions;
  bool rescheduling = false;
  std::optional<SpreadConstraint> spread;
  std::vector<LabelSelector> location_selectors;
  // KCP's namespaceSelector: the namespaces (by their v1 Namespace labels) whose requests it governs;
  // none: every namespace.
  std::optional<LabelSelector> namespace_selector;
  std::optional<std::string> scheduler_name;
  std::optional<std::string> target_destination;  // spec.targetDestination.name
  SourceLocation target_where = {};               // where that name is written, for the load check
  SourceLocation where;
};

}  // namespace ferry::scheduler
