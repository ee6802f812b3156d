// Readers of the PlacementPolicy fields of the seeds' later rules, each error located at its own node
// (platform/placement_policy_parser.cpp calls them from its tables):
//   spec.predicates.customResources: [certificates.cert-manager.io]   (Krake's CRD constraint, seed 003)
//   spec.targetDestination: {name: worker-1}   (Crossplane's targetCluster, seed 002)
//   spec.priorities.functions (Crossplane's priority functions, seed 002):
//
//   functions:
//   - weight: 2                    # 1..100
//     labelScore:                  # score a Destination 1..10 by one of its labels
//       label: tier
//       scores: {gold: 10, silver: 5}   # unlisted values and a missing label score 1
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/yaml_document.h"
#include "scheduler/score.h"

namespace ferry::runner {

// A list of CRD names "<plural>.<group>" (scheduler/custom_resources.h).
Result<std::vector<std::string>> parse_crd_names(const YAML::Node& list, const std::string& path,
                                                 const std::string& file);

// {name: <Destination>}: the name is required and not empty; `where` is where it is written.
Status parse_target_destination(const YAML::Node& node, const std::string& path, const std::string& file,
                                std::optional<std::string>& name, SourceLocation& where);

Result<std::vector<scheduler::PriorityFunction>> parse_priority_functions(const YAML::Node& list,
                                                                          const std::string& path,
                                                                          const std::string& file);

}  // namespace ferry::runner
