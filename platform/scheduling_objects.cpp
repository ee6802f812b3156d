#include "platform/scheduling_objects.h"

#include "core/scalar_location.h"
#include "platform/location_parser.h"
#include "platform/metric_parser.h"
#include "platform/placement_policy_parser.h"

namespace ferry::runner {
namespace {

// Where `name` begins as an entry's name ("name=weight", spaces allowed around '='), from `from` on.
std::size_t entry_name_at(const std::string& text, const std::string& name, std::size_t from) {
  for (std::size_t at = text.find(name, from); at != std::string::npos; at = text.find(name, at + 1)) {
    const bool starts = at == 0 || text[at - 1] == ',' || text[at - 1] == ' ';
    std::size_t after = at + name.size();
    while (after < text.size() && text[after] == ' ') ++after;
    if (starts && after < text.size() && text[after] == '=') return at;
  }
  return std::string::npos;
}

Status add_policy(const YamlDocument& doc, Platform& platform) {
  auto policy = parse_placement_policy(doc);
  if (!policy) return policy.error();
  const YAML::Node names = child(child(doc.node, "spec"), "promises");
  for (std::size_t i = 0; i < policy->promises.size(); ++i) {
    const SourceLocation where =
        names.IsSequence() && i < names.size() ? location_of(names[i], doc.file) : policy->where;
    platform.references.push_back(
        {"Promise", policy->promises[i], "PlacementPolicy \"" + policy->name + "\"", where});
  }
  if (policy->target_destination) {
    platform.references.push_back({"Destination", *policy->target_destination,
                                   "PlacementPolicy \"" + policy->name + "\"", policy->target_where});
  }
  platform.policies.push_back(std::move(*policy));
  return ok();
}

Status add_location(const YamlDocument& doc, Platform& platform) {
  auto location = parse_location(doc);
  if (!location) return location.error();
  platform.locations.push_back(std::move(*location));
  return ok();
}

Status add_metric(const YamlDocument& doc, Platform& platform) {
  auto metric = parse_metric(doc);
  if (!metric) return metric.error();
  const YAML::Node name = child(child(child(doc.node, "spec"), "provider"), "name");
  platform.references.push_back({"MetricsProvider", metric->provider,
                                 "Metric \"" + scheduler::metric_key(metric->namespace_, metric->name) + "\"",
                                 name.IsDefined() ? location_of(name, doc.file) : metric->where,
                                 metric->namespace_});
  platform.metrics.push_back(std::move(*metric));
  return ok();
}

Status add_metrics_provider(const YamlDocument& doc, Platform& platform) {
  auto provider = parse_metrics_provider(doc);
  if (!provider) return provider.error();
  platform.metrics_providers.push_back(std::move(*provider));
  return ok();
}

// Keeps the document's text for scheduling_digest() once it parsed.
KindHandler kept(Status (*add)(const YamlDocument&, Platform&)) {
  return [add](const YamlDocument& doc, Platform& platform) -> Status {
    Status added = add(doc, platform);
    if (added) platform.scheduling_sources.push_back(to_yaml_text(doc.node));
    return added;
  };
}

}  // namespace

const std::map<std::string, KindHandler>& scheduling_kinds() {
  static const std::map<std::string, KindHandler> kinds = {
      {"PlacementPolicy", kept(add_policy)},
      {"Location", kept(add_location)},
      {"Metric", kept(add_metric)},
      {"MetricsProvider", kept(add_metrics_provider)},
  };
  return kinds;
}

std::string scheduling_kind_names() {
  std::string names;
  for (const auto& [kind, handler] : scheduling_kinds()) names += (names.empty() ? "" : ", ") + kind;
  return names;
}

void add_metric_references(const YamlDocument& document, const scheduler::Destination& destination,
                           Platform& platform) {
  const YAML::Node annotation =
      child(child(child(document.node, "metadata"), "annotations"), scheduler::kMetricsAnnotation);
  if (!annotation.IsDefined() || !annotation.IsScalar()) return;
  const SourceLocation start = scalar_text_start(annotation, document.file);
  const std::string& text = annotation.Scalar();
  std::size_t searched = 0;
  for (const scheduler::DestinationMetric& metric : destination.metrics) {
    const std::size_t at = entry_name_at(text, metric.name, searched);
    if (at != std::string::npos) searched = at + metric.name.size();
    platform.references.push_back({"Metric", metric.name, "Destination \"" + destination.name + "\"",
                                   at == std::string::npos ? start : location_in_text(start, at)});
  }
}

}  // namespace ferry::runner
