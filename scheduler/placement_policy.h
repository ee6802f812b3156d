// PlacementPolicy (apiVersion scheduling.ferry.dev/v1alpha1): ferry's own kind that adds Krake's,
// Crossplane's, OCM/Karmada's and KCP's scheduling to the Promises it names, without unknown fields in Kratix
// kinds. A plain value (header only); platform/placement_policy_parser.h reads it.
//
//   spec:
//     promises: [app]                       # the Promises it governs
//     predicates:                           # filters, all ANDed with the Kratix selector and readiness
//       labelConstraints: ["location is DE"]        # Krake (scheduler/constraints.h)
//       metricConstraints: ["load < 0.8"]           # on the normalised values of the Destination's metrics
//       clusterAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {clusterSelectorTerms: [...]}}
//       workloadAffinity / workloadAntiAffinity:    # Crossplane, seed 002
//         requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector, topologyKey}]
//         preferredDuringSchedulingIgnoredDuringExecution: [{weight, workloadAffinityTerm}]
//     priorities:
//       stickinessWeight: 0.1
//       clusterAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight, preference}]}
//     rescheduling: false                   # Krake: move when another Destination beats the current score
//     spread: {count: 2, topologyKey: zone, maxSkew: 1}
//     locationSelectors: [{matchLabels: {cloud: aws}}]   # KCP
//     schedulerName: my-scheduler           # an external scheduler, run by the runner
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
  ClusterAffinity cluster_affinity;  // required terms from predicates, preferred from priorities
  WorkloadAffinity workload_affinity;
  WorkloadAffinity workload_anti_affinity;
  double stickiness_weight = kDefaultStickinessWeight;
  bool rescheduling = false;
  std::optional<SpreadConstraint> spread;
  std::vector<LabelSelector> location_selectors;
  std::optional<std::string> scheduler_name;
  SourceLocation where;
};

}  // namespace ferry::scheduler
