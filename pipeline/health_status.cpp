#include "pipeline/health_status.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/sha256.h"
#include "core/yaml_document.h"

namespace ferry::pipeline {
namespace {

// The CRD's enum order (config/crd/bases/platform.kratix.io_healthrecords.yaml), used in messages.
constexpr std::array<std::pair<std::string_view, HealthState>, 5> kStates = {{
    {"unknown", HealthState::unknown},
    {"ready", HealthState::ready},
    {"unhealthy", HealthState::unhealthy},
    {"healthy", HealthState::healthy},
    {"degraded", HealthState::degraded},
}};

YAML::Node entry_node(const HealthEntry& entry) {
  YAML::Node node(YAML::NodeType::Map);
  node["state"] = string_node(std::string(health_state_name(entry.state)));
  if (entry.last_run) node["lastRun"] = *entry.last_run;
  YAML::Node source(YAML::NodeType::Map);
  source["name"] = string_node(entry.source_name);
  source["namespace"] = string_node(entry.source_namespace);
  node["source"] = source;
  if (!entry.details_yaml.empty()) {
    auto details = parse_yaml_stream(entry.details_yaml, "health record details");
    if (details && details->size() == 1) node["details"] = details->front().node;
  }
  return node;
}

YAML::Node health_node(const HealthStatus& health) {
  YAML::Node node(YAML::NodeType::Map);
  node["state"] = string_node(std::string(health_state_name(health.state)));
  YAML::Node records(YAML::NodeType::Sequence);
  for (const HealthEntry& entry : health.records) records.push_back(entry_node(entry));
  node["healthRecords"] = records;
  return node;
}

}  // namespace

std::string_view health_state_name(HealthState state) {
  for (const auto& [name, value] : kStates) {
    if (value == state) return name;
  }
  return "unknown";
}

std::optional<HealthState> health_state_named(std::string_view name) {
  for (const auto& [spelt, value] : kStates) {
    if (spelt == name) return value;
  }
  return std::nullopt;
}

std::string health_state_names() {
  std::string out;
  for (const auto& [name, value] : kStates) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

HealthStatus rolled_up_health(std::vector<HealthEntry> records) {
  HealthStatus health;
  for (const HealthEntry& entry : records) health.state = std::min(health.state, entry.state);
  health.records = std::move(records);
  return health;
}

std::string status_with_health(const std::string& status_yaml, const std::optional<HealthStatus>& health) {
  YAML::Node status(YAML::NodeType::Map);
  if (!status_yaml.empty()) {
    auto documents = parse_yaml_stream(status_yaml, "recorded status");
    if (!documents || documents->size() != 1 || !documents->front().node.IsMap()) return status_yaml;
    status = documents->front().node;
  }
  if (!health) {
    if (!child(status, "healthStatus").IsDefined()) return status_yaml;
    status.remove("healthStatus");
    return status.size() == 0 ? std::string() : to_yaml_text(status);
  }
  status["healthStatus"] = health_node(*health);
  const std::string text = to_yaml_text(status);
  return text;
}

std::string health_digest(const std::optional<HealthStatus>& health) {
  return health ? sha256_hex(status_with_health("", health)) : std::string();
}

}  // namespace ferry::pipeline
