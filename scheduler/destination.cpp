#include "scheduler/destination.h"

#include <algorithm>

#include "core/message_text.h"
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

// spec.filepath.mode's spellings, as Kratix's Destination CRD has them.
const std::vector<std::pair<std::string, FilepathMode>> kFilepathModes = {
    {"nestedByMetadata", FilepathMode::nested_by_metadata},
    {"none", FilepathMode::none},
    {"aggregatedYAML", FilepathMode::aggregated_yaml},
};

Result<FilepathMode> read_filepath_mode(const YAML::Node& filepath, const std::string& file) {
  auto mode = optional_string(filepath, "mode", "spec.filepath.mode", file);
  if (!mode) return mode.error();
  if (!*mode) return FilepathMode::nested_by_metadata;
  for (const auto& [name, value] : kFilepathModes) {
    if (name == **mode) return value;
  }
  return make_error(location_of(child(filepath, "mode"), file),
                    "\"spec.filepath.mode\" must be one of nestedByMetadata, none, aggregatedYAML, found " +
                        quoted_value(**mode));
}

// The aggregate is one file directly in the Destination's directory, beside its .kratix records: a
// name with a '/' or a name the writer or the records own would put it elsewhere or clash.
bool plain_file_name(const std::string& name) {
  static const std::vector<std::string> kReserved = {"", ".", "..", ".git", ".kratix"};
  return name.find('/') == std::string::npos &&
         std::find(kReserved.begin(), kReserved.end(), name) == kReserved.end();
}

// spec.filepath: mode (nestedByMetadata when absent) and filename (aggregatedYAML only).
Status read_filepath(const YAML::Node& spec, const std::string& file, Destination& destination) {
  const YAML::Node filepath = child(spec, "filepath");
  if (!filepath || filepath.IsNull()) return ok();
  if (!filepath.IsMap()) {
    return make_error(location_of(filepath, file),
                      "\"spec.filepath\" must be a map, found " + describe_node_type(filepath));
  }
  if (Status known = known_fields_only(filepath, {"mode", "filename"}, "spec.filepath", file); !known) {
    return known.error();
  }
  auto mode = read_filepath_mode(filepath, file);
  if (!mode) return mode.error();
  destination.filepath_mode = *mode;
  auto filename = optional_string(filepath, "filename", "spec.filepath.filename", file);
  if (!filename) return filename.error();
  if (!*filename) return ok();
  const SourceLocation where = location_of(child(filepath, "filename"), file);
  if (*mode != FilepathMode::aggregated_yaml) {
    return make_error(where,
                      "\"spec.filepath.filename\" is only read in mode aggregatedYAML; remove it or set "
                      "\"spec.filepath.mode: aggregatedYAML\"");
  }
  if (!plain_file_name(**filename)) {
    return make_error(where,
                      "\"spec.filepath.filename\" must be a plain file name (no \"/\", not \".\", "
                      "\"..\", \".git\" or \".kratix\"), found " +
                          quoted_value(**filename));
  }
  destination.aggregate_file = **filename;
  return ok();
}

Result<Destination> parse(const YamlDocument& document, bool path_defaults_to_name) {
  const std::string& file = document.file;
  Destination destination;
  destination.where = location_of(document.node, file);
  auto metadata = required_map(document.node, "metadata", "metadata", file);
  if (!metadata) return metadata.error();
  auto name = required_string(*metadata, "name", "metadata.name", file);
  if (!name) return name.error();
  destination.name = *name;
  auto labels = optional_labels(*metadata, "labels", "metadata.labels", file);
  if (!labels) return labels.error();
  destination.labels = std::move(*labels);

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

  if (Status filepath = read_filepath(*spec, file, destination); !filepath) return filepath.error();
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
