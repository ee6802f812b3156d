#include "scheduler/destination_state.h"

#include <algorithm>
#include <cctype>

#include "core/finite_number.h"
#include "core/text_location.h"

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

}  // namespace ferry::scheduler
