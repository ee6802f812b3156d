#include "scheduler/metrics.h"

#include <algorithm>

#include "core/finite_number.h"

namespace ferry::scheduler {

std::optional<double> parse_metric_number(std::string_view text) {
  return parse_finite_number(text, NumberSpelling::decimal);
}

double normalise(const Metric& metric, double raw) {
  return std::clamp((raw - metric.min) / (metric.max - metric.min), 0.0, 1.0);
}

}  // namespace ferry::scheduler
