#include "pipeline/groups_yaml.h"

#include <yaml-cpp/yaml.h>

#include "core/yaml_document.h"

namespace ferry::pipeline {
namespace {

YAML::Node string_list_node(const std::vector<std::string>& items) {
  YAML::Node list(YAML::NodeType::Sequence);
  for (const std::string& item : items) list.push_back(string_node(item));
  return list;
}

YAML::Node labels_map_node(const Labels& labels) {
  YAML::Node map(YAML::NodeType::Map);
  for (const auto& [key, value] : labels) map[key] = string_node(value);
  return map;
}

YAML::Node group_summary_node(const GroupSummary& group) {
  YAML::Node node;
  node["directory"] = string_node(group.directory);
  node["id"] = string_node(group.id);
  if (group.workflow_selector) {
    node["workflowSelector"]["matchLabels"] = labels_map_node(*group.workflow_selector);
    if (!group.workflow_expressions.empty()) {
      node["workflowSelector"]["matchExpressions"] = string_list_node(group.workflow_expressions);
    }
  }
  node["selector"] = string_list_node(group.selector);
  node["files"] = string_list_node(group.files);
  return node;
}

}  // namespace

std::string groups_yaml(const PipelineGroups& groups) {
  YAML::Node doc;
  doc["pipeline"] = string_node(groups.pipeline);
  doc["groups"] = YAML::Node(YAML::NodeType::Sequence);
  for (const GroupSummary& group : groups.groups) doc["groups"].push_back(group_summary_node(group));
  if (groups.cluster_selectors) doc["clusterSelectors"] = labels_map_node(*groups.cluster_selectors);
  return to_yaml_text(doc);
}

}  // namespace ferry::pipeline
