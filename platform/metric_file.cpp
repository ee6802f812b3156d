#include "platform/metric_file.h"

#include "core/yaml_document.h"
#include "scheduler/metrics.h"

namespace ferry::runner {

Result<std::map<std::string, MetricFileValue>> parse_metric_file(const std::string& text,
                                                                 const std::string& file) {
  auto documents = parse_yaml_stream(text, file);
  if (!documents) return documents.error();
  if (documents->empty()) return make_error(file + " is empty");
  const YAML::Node& node = documents->front().node;
  if (!node.IsMap()) {
    return make_error(location_of(node, file),
                      "must be a map of metric names to numbers, found " + describe_node_type(node));
  }
  std::map<std::string, MetricFileValue> values;
  for (const auto& entry : node) {
    if (!entry.first.IsScalar()) continue;  // a lookup by name never finds a key that is not a scalar
    const YAML::Node& value = entry.second;
    const std::optional<double> number =
        value.IsScalar() ? scheduler::parse_metric_number(value.Scalar()) : std::nullopt;
    const std::string found = value.IsScalar() ? "\"" + value.Scalar() + "\"" : describe_node_type(value);
    values.emplace(entry.first.Scalar(),
                   MetricFileValue{number, number ? "" : found, location_of(value, file)});
  }
  return values;
}

}  // namespace ferry::runner
