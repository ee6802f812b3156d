#include "platform/metric_parser.h"

#include <charconv>

#include "core/finite_number_field.h"
#include "core/object_metadata.h"
#include "platform/kind_fields.h"

namespace ferry::runner {

using scheduler::kMetricsApiVersion;
using scheduler::MetricsProvider;

namespace {

std::string format_number(double value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

Status check_metrics_api_version(const YamlDocument& document, const char* kind) {
  const YAML::Node node = child(document.node, "apiVersion");
  auto version = required_string(document.node, "apiVersion", "apiVersion", document.file);
  if (!version) return version.error();
  if (*version == kMetricsApiVersion) return ok();
  return make_error(
      location_of(node, document.file),
      std::string("\"apiVersion\" of a ") + kind + " must be " + kMetricsApiVersion + ", found " + *version);
}

Result<double> required_number(const YAML::Node& map, const char* key, const std::string& path,
                               const std::string& file) {
  const YAML::Node value = child(map, key);
  if (!value.IsDefined() || value.IsNull()) {
    return make_error(location_of(map, file), "missing required field \"" + path + "\"");
  }
  return read_finite_number(value, path, file, NumberSpelling::decimal);
}

// spec.<type> of a provider, read into `provider`. One function per provider type.
using SectionReader = Status (*)(const YAML::Node& section, const std::string& file,
                                 MetricsProvider& provider);

Status read_static(const YAML::Node& section, const std::string& file, MetricsProvider& provider) {
  auto metrics = required_map(section, "metrics", "spec.static.metrics", file);
  if (!metrics) return metrics.error();
  for (const auto& entry : *metrics) {
    const std::string name = entry.first.Scalar();
    auto value =
        read_finite_number(entry.second, "spec.static.metrics." + name, file, NumberSpelling::decimal);
    if (!value) return value.error();
    provider.static_values[name] = *value;
  }
  return ok();
}

Status read_file(const YAML::Node& section, const std::string& file, MetricsProvider& provider) {
  auto path = required_string(section, "path", "spec.file.path", file);
  if (!path) return path.error();
  provider.file_path = *path;
  return ok();
}

Status read_prometheus(const YAML::Node& section, const std::string& file, MetricsProvider& provider) {
  auto url = required_string(section, "url", "spec.prometheus.url", file);
  if (!url) return url.error();
  if (!url->starts_with("http://") || url->size() == std::string("http://").size()) {
    return make_error(
        location_of(child(section, "url"), file),
        "\"spec.prometheus.url\" must be an http:// URL (https is not supported yet), found " + *url);
  }
  provider.prometheus_url = *url;
  return ok();
}

struct ProviderType {
  const char* type;  // spec.type, and the name of the section spec.<type> that configures it
  SectionReader read;
};

constexpr ProviderType kProviderTypes[] = {
    {"file", read_file},
    {"prometheus", read_prometheus},
    {"static", read_static},
};

const ProviderType* find_provider_type(const std::string& type) {
  for (const ProviderType& known : kProviderTypes) {
    if (type == known.type) return &known;
  }
  return nullptr;
}

std::string provider_type_names() {
  std::string names;
  for (const ProviderType& known : kProviderTypes)
    names += (names.empty() ? "" : ", ") + std::string(known.type);
  return names;
}

}  // namespace

Result<scheduler::Metric> parse_metric(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status version = check_metrics_api_version(document, "Metric"); !version) return version.error();
  if (Status known = check_known_fields(document.node, metric_fields(), "", file); !known)
    return known.error();
  scheduler::Metric metric;
  metric.where = location_of(document.node, file);
  auto metadata = read_object_metadata(document, {.namespace_ = true});
  if (!metadata) return metadata.error();
  metric.name = metadata->name;
  metric.namespace_ = metadata->namespace_.value_or("");
  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  auto min = required_number(*spec, "min", "spec.min", file);
  if (!min) return min.error();
  auto max = required_number(*spec, "max", "spec.max", file);
  if (!max) return max.error();
  if (*min >= *max) {
    return make_error(location_of(child(*spec, "max"), file), "\"spec.max\" (" + format_number(*max) +
                                                                  ") must be greater than \"spec.min\" (" +
                                                                  format_number(*min) + ")");
  }
  metric.min = *min;
  metric.max = *max;
  auto provider = required_map(*spec, "provider", "spec.provider", file);
  if (!provider) return provider.error();
  auto provider_name = required_string(*provider, "name", "spec.provider.name", file);
  if (!provider_name) return provider_name.error();
  metric.provider = *provider_name;
  auto provider_metric = optional_string(*provider, "metric", "spec.provider.metric", file);
  if (!provider_metric) return provider_metric.error();
  metric.provider_metric = provider_metric->value_or(metric.name);
  return metric;
}

Result<scheduler::MetricsProvider> parse_metrics_provider(const YamlDocument& document) {
  const std::string& file = document.file;
  if (Status version = check_metrics_api_version(document, "MetricsProvider"); !version)
    return version.error();
  if (Status known = check_known_fields(document.node, metrics_provider_fields(), "", file); !known)
    return known.error();
  scheduler::MetricsProvider provider;
  provider.where = location_of(document.node, file);
  auto metadata = read_object_metadata(document, {.namespace_ = true});
  if (!metadata) return metadata.error();
  provider.name = metadata->name;
  provider.namespace_ = metadata->namespace_.value_or("");
  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  auto type = required_string(*spec, "type", "spec.type", file);
  if (!type) return type.error();
  const ProviderType* known = find_provider_type(*type);
  if (known == nullptr) {
    return make_error(location_of(child(*spec, "type"), file),
                      "\"spec.type\" must be one of " + provider_type_names() + ", found " + *type);
  }
  provider.type = *type;
  auto section = required_map(*spec, known->type, "spec." + provider.type, file);
  if (!section) return section.error();
  if (Status read = known->read(*section, file, provider); !read) return read.error();
  return provider;
}

}  // namespace ferry::runner
