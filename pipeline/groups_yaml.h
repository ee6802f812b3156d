// The groups.yaml of `ferry test pipeline` (runner/test_pipeline_output.h): what one pipeline's output groups
// are and where reconcile would send them, as plain values, and their YAML text. YAML is written here so that
// the program's folders above handle plain values only.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/labels.h"

namespace ferry::pipeline {

struct GroupSummary {
  std::string directory;
  std::string id;
  std::optional<Labels> workflow_selector;        // the workflow's destination-selectors.yaml entry
  std::vector<std::string> workflow_expressions;  // its matchExpressions, as written by to_string
  std::vector<std::string> selector;              // the requirements reconcile schedules the group by
  std::vector<std::string> files;                 // the group's output files, relative paths
};

struct PipelineGroups {
  std::string pipeline;
  std::vector<GroupSummary> groups;
  std::optional<Labels> cluster_selectors;  // the older API's cluster-selectors.yaml, when written
};

// pipeline, groups (directory, id, workflowSelector.matchLabels/matchExpressions, selector, files), and
// clusterSelectors; every string stays a string (core/yaml_document.h string_node).
std::string groups_yaml(const PipelineGroups& groups);

}  // namespace ferry::pipeline
