#include "runner/status_json.h"

#include "core/yaml_document.h"
#include "pipeline/spec_json.h"

namespace ferry::runner {

nlohmann::ordered_json status_json(const std::string& status_yaml) {
  if (status_yaml.empty()) return nullptr;
  auto documents = parse_yaml_stream(status_yaml, "status");
  if (!documents || documents->size() != 1) return nullptr;
  return nlohmann::ordered_json::parse(pipeline::spec_json(documents->front().node), nullptr, false);
}

std::string conditions_summary(const nlohmann::ordered_json& status) {
  if (!status.is_object() || !status.contains("conditions") || !status["conditions"].is_array()) return "";
  const auto text = [](const nlohmann::ordered_json& condition, const char* key) {
    const auto found = condition.find(key);
    return found != condition.end() && found->is_string() ? found->get<std::string>() : std::string();
  };
  std::string out;
  for (const auto& condition : status["conditions"]) {
    if (!condition.is_object()) continue;
    std::string one = text(condition, "type") + " " + text(condition, "status");
    if (const std::string reason = text(condition, "reason"); !reason.empty()) one += " (" + reason + ")";
    out += (out.empty() ? "" : ", ") + one;
  }
  return out;
}

std::string health_summary(const nlohmann::ordered_json& status) {
  if (!status.is_object() || !status.contains("healthStatus") || !status["healthStatus"].is_object())
    return "";
  const nlohmann::ordered_json& health = status["healthStatus"];
  const auto text = [](const nlohmann::ordered_json& object, const char* key) {
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
  };
  std::string records;
  const auto list = health.find("healthRecords");
  if (list != health.end() && list->is_array()) {
    for (const auto& record : *list) {
      if (!record.is_object()) continue;
      const nlohmann::ordered_json source = record.value("source", nlohmann::ordered_json::object());
      const std::string name =
          source.is_object() ? text(source, "namespace") + "/" + text(source, "name") : "";
      records += (records.empty() ? "" : ", ") + name + " " + text(record, "state");
    }
  }
  return text(health, "state") + (records.empty() ? "" : " (" + records + ")");
}

}  // namespace ferry::runner
