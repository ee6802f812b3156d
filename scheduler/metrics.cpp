#include "scheduler/metrics.h"

#include <algorithm>

#include "core/finite_number.h"

namespace ferry::scheduler {

std::optional<double> parse_metric_number(std::string_view text) {
  return parse_finite_number(text, NumberSpelling::decimal);
}

std::string metric_key(const std::string& namespace_, const std::string& name) {
  return namespace_.empty() ? name : namespace_ + "/" + name;
}

std::map<std::string, double> values_in_namespace(const std::map<std::string, double>& by_key,
                                                  const std::string& namespace_) {
  std::map<std::string, double> values;
  for (const auto& [key, value] : by_key) {
    if (key.find('/') == std::string::npos) values.emplace(key, value);
  }
  const std::string prefix = namespace_ + "/";
  for (auto it = by_key.lower_bound(prefix); it != by_key.end() && it->first.starts_with(prefix); ++it)
    values[it->first.substr(prefix.size())] = it->second;
  return values;
}

const MetricsProvider* provider_of(const Metric& metric, const std::vector<MetricsProvider>& providers) {
  const MetricsProvider* global = nullptr;
  for (const MetricsProvider& provider : providers) {
    if (provider.name != metric.provider) continue;
    if (!metric.namespace_.empty() && provider.namespace_ == metric.namespace_) return &provider;
    if (provider.namespace_.empty()) global = &provider;
  }
  return global;
}

double normalise(const Metric& metric, double raw) {
  return std::clamp((raw - metric.min) / (metric.max - metric.min), 0.0, 1.0);
}

}  // namespace ferry::scheduler
