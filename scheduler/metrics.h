// Metrics and the providers that give their values (Krake's GlobalMetric and GlobalMetricsProvider, seed
// 003), as ferry's own kinds under scheduling.ferry.dev/v1alpha1, as plain values. Pure: arithmetic and the
// number reader only; platform/metric_parser.h reads the kinds, placement/metric_readings.h fetches values.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"

namespace ferry::scheduler {

inline constexpr const char* kMetricsApiVersion = "scheduling.ferry.dev/v1alpha1";

// A metric: where its raw value comes from and the interval [min, max] that normalise() maps onto [0, 1].
struct Metric {
  std::string name;  // metadata.name: what Destinations and constraints refer to
  double min = 0;
  double max = 1;
  std::string provider;         // spec.provider.name: a MetricsProvider
  std::string provider_metric;  // spec.provider.metric: the name on the provider (defaults to `name`)
  SourceLocation where;
};

// Where metric values come from. Only the fields of `type` are set.
struct MetricsProvider {
  std::string name;
  std::string type;                             // static | file | prometheus
  std::map<std::string, double> static_values;  // static: spec.static.metrics
  std::string file_path;                        // file: spec.file.path, relative to the platform root
  std::string prometheus_url;                   // prometheus: spec.prometheus.url, http:// only
  SourceLocation where;
};

// clamp((raw - min) / (max - min), 0, 1). parse_metric guarantees min < max; `raw` must be finite.
double normalise(const Metric& metric, double raw);

// A finite decimal number written whole ("0.9", "-3", "1e3", "+2"), or nothing ("abc", "1x", "NaN",
// "Inf", ""). How metric values are read wherever they come from: YAML, a file, Prometheus.
std::optional<double> parse_metric_number(std::string_view text);

}  // namespace ferry::scheduler
