// Metrics and the providers that give their values (Krake's GlobalMetric and GlobalMetricsProvider, seed
// 003, and its namespaced Metric and MetricsProvider: the same kinds with metadata.namespace set), as
// ferry's own kinds under scheduling.ferry.dev/v1alpha1, as plain values. Pure: arithmetic and the
// number reader only; platform/metric_parser.h reads the kinds, placement/metric_readings.h fetches values.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
  std::string namespace_ = {};  // metadata.namespace; "" for a global one (serves every request)
};

// Where metric values come from. Only the fields of `type` are set.
struct MetricsProvider {
  std::string name;
  std::string type;                             // static | file | prometheus
  std::map<std::string, double> static_values;  // static: spec.static.metrics
  std::string file_path;                        // file: spec.file.path, relative to the platform root
  std::string prometheus_url;                   // prometheus: spec.prometheus.url, http:// only
  SourceLocation where;
  std::string namespace_ = {};  // metadata.namespace; "" for a global one
};

// Where a metric's value is kept for a run: its name for a global one, "<namespace>/<name>" for a
// namespaced one (names hold no '/', so the two never collide).
std::string metric_key(const std::string& namespace_, const std::string& name);

// The values a request in `namespace_` sees, by Metric name, from values kept by metric_key: every global
// metric, then the metrics of its own namespace, which win over a global one of the same name (seed 003:
// namespaced metrics "can only be used in their respective context"). Other namespaces' are left out.
std::map<std::string, double> values_in_namespace(const std::map<std::string, double>& by_key,
                                                  const std::string& namespace_);

// The provider a metric reads: one of the metric's own namespace with that name, else a global one; null
// when neither is declared. A global metric reads only global providers.
const MetricsProvider* provider_of(const Metric& metric, const std::vector<MetricsProvider>& providers);

// clamp((raw - min) / (max - min), 0, 1). parse_metric guarantees min < max; `raw` must be finite.
double normalise(const Metric& metric, double raw);

// A finite decimal number written whole ("0.9", "-3", "1e3", "+2"), or nothing ("abc", "1x", "NaN",
// "Inf", ""). How metric values are read wherever they come from: YAML, a file, Prometheus.
std::optional<double> parse_metric_number(std::string_view text);

}  // namespace ferry::scheduler
