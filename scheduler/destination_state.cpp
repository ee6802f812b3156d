// A Destination's scheduling state: readiness from status.conditions, ferry's taint and metrics annotations.
#include <algorithm>
#include <cctype>

#include "core/finite_number.h"
#include "core/scalar_location.h"
#include "scheduler/destination.h"

namespace ferry::scheduler {
namespace {

std::string trim(const std::string& text) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return text.substr(begin, end - begin);
}

Result<DestinationMetric> parse_entry(const std::string& raw, std::size_t offset,
                                      const SourceLocation& where) {
  const std::size_t lead = raw.find_first_not_of(" \t");
  const std::size_t start = offset + (lead == std::string::npos ? 0 : lead);
  const std::string entry = trim(raw);
  const std::size_t equals = entry.find('=');
  const std::string name = trim(entry.substr(0, equals));
  if (equals == std::string::npos || name.empty()) {
    return make_error(location_in_text(where, start), "metric entry \"" + entry +
                                                          "\" must be <metric>=<weight>, e.g. "
                                                          "heat_demand_zone_1=0.45");
  }
  const std::string weight_text = trim(entry.substr(equals + 1));
  const std::optional<double> weight = parse_finite_number(weight_text, NumberSpelling::strtod);
  if (!weight || *weight <= 0) {
    return make_error(
        location_in_text(where, start),
        "the weight of metric \"" + name + "\" must be a positive number, found \"" + weight_text + "\"");
  }
  return DestinationMetric{name, *weight};
}

}  // namespace

std::string Destination::why_not_schedulable() const {
  if (!readiness.ready) {
    std::string why = "not ready";
    if (!readiness.reason.empty()) why += ": " + readiness.reason;
    if (!readiness.message.empty()) why += ": " + readiness.message;
    return why;
  }
  if (unschedulable) return "unschedulable: " + *unschedulable;
  return "";
}

Result<std::vector<DestinationMetric>> parse_metrics_annotation(const std::string& text,
                                                                const SourceLocation& where) {
  std::vector<DestinationMetric> metrics;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string raw = text.substr(start, comma - start);
    if (!trim(raw).empty() || comma < text.size()) {
      auto metric = parse_entry(raw, start, where);
      if (!metric) return metric.error();
      for (const DestinationMetric& seen : metrics) {
        if (seen.name == metric->name) {
          const std::size_t name_at = start + std::min(raw.size(), raw.find_first_not_of(" \t"));
          return make_error(location_in_text(where, name_at),
                            "metric \"" + metric->name + "\" is listed twice");
        }
      }
      metrics.push_back(std::move(*metric));
    }
    start = comma + 1;
  }
  return metrics;
}

Status read_scheduling_state(const YAML::Node& node, const std::string& file, Destination& destination) {
  const YAML::Node annotations = child(child(node, "metadata"), "annotations");
  auto values = optional_labels(child(node, "metadata"), "annotations", "metadata.annotations", file);
  if (!values) return values.error();
  if (auto taint = values->find(kUnschedulableAnnotation); taint != values->end()) {
    destination.unschedulable = taint->second.empty() ? "no reason given" : taint->second;
  }
  if (auto listed = values->find(kMetricsAnnotation); listed != values->end()) {
    auto metrics = parse_metrics_annotation(listed->second,
                                            scalar_text_start(child(annotations, kMetricsAnnotation), file));
    if (!metrics) return metrics.error();
    destination.metrics = std::move(*metrics);
  }
  if (auto platform = values->find(kPlatformAnnotation); platform != values->end()) {
    if (platform->second != "true" && platform->second != "false") {
      return make_error(scalar_text_start(child(annotations, kPlatformAnnotation), file),
                        std::string(kPlatformAnnotation) + " must be \"true\" or \"false\", found \"" +
                            platform->second + "\"");
    }
    destination.platform = platform->second == "true";
  }
  const YAML::Node conditions = child(child(node, "status"), "conditions");
  if (!conditions.IsDefined() || !conditions.IsSequence()) return ok();
  for (const YAML::Node& condition : conditions) {
    auto type = optional_string(condition, "type", "status.conditions[].type", file);
    if (!type) return type.error();
    if (type->value_or("") != "Ready") continue;
    auto status = optional_string(condition, "status", "status.conditions[].status", file);
    auto reason = optional_string(condition, "reason", "status.conditions[].reason", file);
    auto message = optional_string(condition, "message", "status.conditions[].message", file);
    if (!status) return status.error();
    if (!reason) return reason.error();
    if (!message) return message.error();
    destination.readiness =
        Readiness{status->value_or("True") != "False", reason->value_or(""), message->value_or("")};
  }
  return ok();
}

}  // namespace ferry::scheduler
