#include "platform/object_text.h"

#include <yaml-cpp/yaml.h>

#include <charconv>

#include "core/yaml_document.h"
#include "scheduler/metrics.h"

namespace ferry::runner {
namespace {

using Json = nlohmann::json;

// A plain YAML scalar as JSON: integers, other finite numbers, true/false, null; anything else a string.
Json plain_scalar(const std::string& text) {
  if (text == "true" || text == "false") return text == "true";
  if (text.empty() || text == "~" || text == "null") return nullptr;
  long long integer = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), integer);
  if (error == std::errc() && end == text.data() + text.size()) return integer;
  const bool has_digit = text.find_first_of("0123456789") != std::string::npos;
  if (const auto number = scheduler::parse_metric_number(text); number && has_digit) return *number;
  return text;
}

Json yaml_to_json(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: {
      Json object = Json::object();
      for (const auto& entry : node) object[entry.first.Scalar()] = yaml_to_json(entry.second);
      return object;
    }
    case YAML::NodeType::Sequence: {
      Json array = Json::array();
      for (const YAML::Node& item : node) array.push_back(yaml_to_json(item));
      return array;
    }
    case YAML::NodeType::Scalar:
      return node.Tag() == "!" ? Json(node.Scalar()) : plain_scalar(node.Scalar());
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      break;
  }
  return nullptr;
}

}  // namespace

Json object_json(const std::string& object_yaml) {
  try {
    return yaml_to_json(YAML::Load(object_yaml));
  } catch (const YAML::Exception&) {
    return nullptr;
  }
}

Labels request_labels(const pipeline::Request& request) {
  auto documents = parse_yaml_stream(request.object_yaml, "request");
  if (!documents || documents->empty()) return {};
  auto labels = optional_labels(child(documents->front().node, "metadata"), "labels", "metadata.labels", "");
  return labels ? *labels : Labels{};
}

}  // namespace ferry::runner
