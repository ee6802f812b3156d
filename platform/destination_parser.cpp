#include "platform/destination_parser.h"

#include "core/object_metadata.h"
#include "core/scalar_location.h"
#include "platform/kind_fields.h"
#include "platform/object_fields.h"
#include "scheduler/custom_resources.h"

namespace ferry::runner {

using scheduler::Destination;
using scheduler::kMetricsAnnotation;
using scheduler::kPlatformAnnotation;
using scheduler::kUnschedulableAnnotation;
using scheduler::parse_metrics_annotation;
using scheduler::Readiness;

namespace {

// spec.initWorkloads: a map whose only key is enabled (true or false); nullopt when either is absent.
Result<std::optional<bool>> read_init_workloads(const YAML::Node& spec, const std::string& file) {
  const YAML::Node init = child(spec, "initWorkloads");
  if (!init || init.IsNull()) return std::optional<bool>();
  if (!init.IsMap()) {
    return make_error(location_of(init, file),
                      "\"spec.initWorkloads\" must be a map, found " + describe_node_type(init));
  }
  if (Status known = known_fields_only(init, {"enabled"}, "spec.initWorkloads", file); !known) {
    return known.error();
  }
  if (!child(init, "enabled") || child(init, "enabled").IsNull()) return std::optional<bool>();
  auto enabled = optional_bool(init, "enabled", false, "spec.initWorkloads.enabled", file);
  if (!enabled) return enabled.error();
  return std::optional<bool>(*enabled);
}

Result<Destination> parse_destination_document(const YamlDocument& document, bool path_defaults_to_name) {
  const std::string& file = document.file;
  if (Status known = check_known_fields(document.node, destination_fields(), "", file); !known)
    return known.error();
  Destination destination;
  destination.where = location_of(document.node, file);
  auto metadata = read_object_metadata(document, {.labels = true});
  if (!metadata) return metadata.error();
  destination.name = metadata->name;
  destination.labels = std::move(metadata->labels);

  auto spec = required_map(document.node, "spec", "spec", file);
  if (!spec) return spec.error();
  if (path_defaults_to_name && !child(*spec, "path").IsDefined()) {
    destination.path = destination.name;
  } else {
    auto path = required_string(*spec, "path", "spec.path", file);
    if (!path) return path.error();
    destination.path = *path;
  }
  auto strict = optional_bool(*spec, "strictMatchLabels", false, "spec.strictMatchLabels", file);
  if (!strict) return strict.error();
  destination.strict_match_labels = *strict;

  auto ref = required_map(*spec, "stateStoreRef", "spec.stateStoreRef", file);
  if (!ref) return ref.error();
  auto store = required_string(*ref, "name", "spec.stateStoreRef.name", file);
  if (!store) return store.error();
  destination.state_store = *store;
  auto kind = optional_string(*ref, "kind", "spec.stateStoreRef.kind", file);
  if (!kind) return kind.error();
  destination.state_store_kind = kind->value_or("GitStateStore");
  if (destination.state_store_kind != "GitStateStore" && destination.state_store_kind != "BucketStateStore") {
    return make_error(location_of(child(*ref, "kind"), file),
                      "\"spec.stateStoreRef.kind\" must be GitStateStore or BucketStateStore, found " +
                          destination.state_store_kind);
  }

  if (Status state = read_scheduling_state(document.node, file, destination); !state) return state.error();
  auto init_workloads = read_init_workloads(*spec, file);
  if (!init_workloads) return init_workloads.error();
  destination.init_workloads = *init_workloads;
  // spec.filepath is a Destination field too, but only the writer lays files out by it: the platform
  // reads it (platform/destination_filepath_parser.h) once this parser accepted the document, so the other
  // fields' errors come first.
  return destination;
}

}  // namespace

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
  if (auto served = values->find(scheduler::kCustomResourcesAnnotation); served != values->end()) {
    auto crds = scheduler::parse_custom_resources(
        served->second, scalar_text_start(child(annotations, scheduler::kCustomResourcesAnnotation), file));
    if (!crds) return crds.error();
    destination.custom_resources = std::move(*crds);
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

Result<Destination> parse_destination(const YamlDocument& document) {
  return parse_destination_document(document, false);
}
Result<Destination> parse_cluster(const YamlDocument& document) {
  return parse_destination_document(document, true);
}

}  // namespace ferry::runner
