#include "scheduler/destination.h"

#include "core/object_metadata.h"
#include "scheduler/object_fields.h"

namespace ferry::scheduler {

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

Result<Destination> parse(const YamlDocument& document, bool path_defaults_to_name) {
  const std::string& file = document.file;
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
  // reads it (platform/destination_filepath.h) once this parser accepted the document, so the other
  // fields' errors come first.
  return destination;
}

}  // namespace

Result<Destination> parse_destination(const YamlDocument& document) {
  return parse(document, false);
}
Result<Destination> parse_cluster(const YamlDocument& document) {
  return parse(document, true);
}

}  // namespace ferry::scheduler
