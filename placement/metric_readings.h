// Reading the current value of every Metric from its MetricsProvider (docs/metrics.md). Never fatal: a
// metric that cannot be read is a failure message, and the scheduler treats a Destination using it as
// having no metrics (seed 003: Destinations with metrics beat those without).
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "http/http_client.h"
#include "scheduler/metrics.h"

namespace ferry::runner {

// Both maps are keyed by scheduler::metric_key: the name of a global Metric, "<namespace>/<name>" of a
// namespaced one (scheduler::values_in_namespace gives a request its view).
struct MetricReadings {
  std::map<std::string, double> normalised;     // metric key -> value in [0, 1] (scheduler::normalise)
  std::map<std::string, std::string> failures;  // metric key -> why it has no value, naming the provider
};

// Reads every metric: static from the provider; file from <platform_root>/<spec.file.path> (a YAML or
// JSON map of metric name to number, read once per provider and call); prometheus by an instant query,
// each bounded by `timeout`, over BeastHttpClient. A metric is in exactly one of the two maps.
MetricReadings read_metrics(const std::vector<scheduler::Metric>& metrics,
                            const std::vector<scheduler::MetricsProvider>& providers,
                            const std::filesystem::path& platform_root, std::chrono::milliseconds timeout);

// The same over `http` (tests pass a RecordingHttpClient). After a provider could not be reached at all
// (no HTTP response), its later metrics fail with the same reason without another request, so a dead
// Prometheus costs one timeout per run, not one per metric.
MetricReadings read_metrics(const std::vector<scheduler::Metric>& metrics,
                            const std::vector<scheduler::MetricsProvider>& providers,
                            const std::filesystem::path& platform_root, std::chrono::milliseconds timeout,
                            http::HttpClient& http);

}  // namespace ferry::runner
