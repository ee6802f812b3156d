#include "placement/metric_readings.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include "placement/prometheus_query.h"
#include "platform/metric_file.h"

namespace ferry::runner {

namespace {

using scheduler::Metric;
using scheduler::MetricsProvider;
using MetricFile = std::map<std::string, MetricFileValue>;

// What one read_metrics call shares between its metrics.
struct ReadContext {
  const std::filesystem::path& platform_root;
  std::chrono::milliseconds timeout;
  http::HttpClient& http;
  std::map<std::string, Result<MetricFile>> files;  // by provider name: each file is read once
  std::map<std::string, Error> unreachable;         // by provider name: no HTTP response was had
};

using Reader = Result<double> (*)(const Metric& metric, const MetricsProvider& provider,
                                  ReadContext& context);

Result<double> read_static(const Metric& metric, const MetricsProvider& provider, ReadContext&) {
  const auto found = provider.static_values.find(metric.provider_metric);
  if (found == provider.static_values.end()) {
    return make_error("spec.static.metrics has no \"" + metric.provider_metric + "\"");
  }
  return found->second;
}

// The file's only (first) document, which must be a map.
Result<MetricFile> load_metric_file(const MetricsProvider& provider, const std::filesystem::path& root) {
  std::ifstream in(root / provider.file_path, std::ios::binary);
  if (!in) return make_error("cannot read " + provider.file_path + ": " + std::strerror(errno));
  const std::string text(std::istreambuf_iterator<char>(in), {});
  return parse_metric_file(text, provider.file_path);
}

Result<double> read_file(const Metric& metric, const MetricsProvider& provider, ReadContext& context) {
  auto cached = context.files.find(provider.name);
  if (cached == context.files.end()) {
    cached = context.files.emplace(provider.name, load_metric_file(provider, context.platform_root)).first;
  }
  if (!cached->second) return cached->second.error();
  const auto value = cached->second->find(metric.provider_metric);
  if (value == cached->second->end()) {
    return make_error(provider.file_path + " has no \"" + metric.provider_metric + "\"");
  }
  if (!value->second.number) {
    return make_error(value->second.where,
                      "\"" + metric.provider_metric + "\" must be a number, found " + value->second.found);
  }
  return *value->second.number;
}

Result<double> read_prometheus(const Metric& metric, const MetricsProvider& provider, ReadContext& context) {
  if (const auto dead = context.unreachable.find(provider.name); dead != context.unreachable.end()) {
    return dead->second;
  }
  auto response = context.http.get(prometheus_query_url(provider.prometheus_url, metric.provider_metric),
                                   http::HttpGet{.timeout = context.timeout});
  if (!response) {
    context.unreachable.emplace(provider.name, response.error());
    return response.error();
  }
  auto value = prometheus_value(*response);
  if (!value) {
    return make_error("query \"" + metric.provider_metric + "\" at " + provider.prometheus_url + ": " +
                      value.error().message);
  }
  return *value;
}

const std::map<std::string, Reader>& readers() {
  static const std::map<std::string, Reader> kReaders = {
      {"file", read_file},
      {"prometheus", read_prometheus},
      {"static", read_static},
  };
  return kReaders;
}

Result<double> read_raw(const Metric& metric, const std::vector<MetricsProvider>& providers,
                        ReadContext& context) {
  const MetricsProvider* provider = scheduler::provider_of(metric, providers);
  if (!provider) return make_error("no MetricsProvider is named \"" + metric.provider + "\"");
  const auto reader = readers().find(provider->type);
  if (reader == readers().end()) return make_error("unknown provider type \"" + provider->type + "\"");
  return reader->second(metric, *provider, context);
}

}  // namespace

MetricReadings read_metrics(const std::vector<Metric>& metrics, const std::vector<MetricsProvider>& providers,
                            const std::filesystem::path& platform_root, std::chrono::milliseconds timeout,
                            http::HttpClient& http) {
  ReadContext context{platform_root, timeout, http, {}, {}};
  MetricReadings readings;
  for (const Metric& metric : metrics) {
    auto raw = read_raw(metric, providers, context);
    const std::string key = scheduler::metric_key(metric.namespace_, metric.name);
    if (raw) {
      readings.normalised[key] = scheduler::normalise(metric, *raw);
    } else {
      readings.failures[key] =
          "metric \"" + key + "\" (provider \"" + metric.provider + "\"): " + raw.error().render();
    }
  }
  return readings;
}

MetricReadings read_metrics(const std::vector<Metric>& metrics, const std::vector<MetricsProvider>& providers,
                            const std::filesystem::path& platform_root, std::chrono::milliseconds timeout) {
  http::BeastHttpClient http;
  return read_metrics(metrics, providers, platform_root, timeout, http);
}

}  // namespace ferry::runner
