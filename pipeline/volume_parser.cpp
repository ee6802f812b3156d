// The parsers of volume_parser.h. The tables of pipeline_fields.cpp refuse a key Kratix does not know
// (§5.1: Kratix decodes Pipelines strictly); these parsers refuse, with the reason, the known fields ferry
// does not honour (a volume kind that needs a cluster, an emptyDir's sizeLimit).
#include "pipeline/volume_parser.h"

#include <set>

#include "core/known_fields.h"
#include "core/kubernetes_names.h"
#include "pipeline/container_mounts_parser.h"
#include "pipeline/volume_fields.h"

namespace ferry::pipeline {
namespace {

Result<std::vector<VolumeItem>> parse_items(const YAML::Node& source, const std::string& path,
                                            const std::string& file) {
  auto list = optional_list(source, "items", path, file);
  if (!list) return list.error();
  std::vector<VolumeItem> items;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const YAML::Node node = (*list)[i];
    const std::string at = path + "[" + std::to_string(i) + "]";
    auto key = required_string(node, "key", at + ".key", file);
    if (!key) return key.error();
    if (!valid_ref_key(*key)) {
      return make_error(location_of(node["key"], file),
                        "key \"" + *key + "\" is not a valid key: use letters, digits, '-', '_' and '.'");
    }
    auto file_path = required_string(node, "path", at + ".path", file);
    if (!file_path) return file_path.error();
    if (Status relative = check_relative(node["path"], *file_path, at + ".path", file); !relative)
      return relative.error();
    auto mode = optional_mode(node, "mode", at + ".mode", file);
    if (!mode) return mode.error();
    items.push_back(VolumeItem{*key, *file_path, *mode});
  }
  return items;
}

// secret: {secretName, items, defaultMode, optional}; configMap: {name, items, defaultMode, optional}.
Status parse_source(const YAML::Node& source, const char* name_key, const std::string& path,
                    const std::string& file, Volume& volume) {
  auto name = object_name(source, name_key, path + "." + name_key, file);
  if (!name) return name.error();
  auto items = parse_items(source, path + ".items", file);
  if (!items) return items.error();
  auto mode = optional_mode(source, "defaultMode", path + ".defaultMode", file);
  if (!mode) return mode.error();
  auto optional = optional_bool(source, "optional", false, path + ".optional", file);
  if (!optional) return optional.error();
  volume.source = *name;
  volume.items = std::move(*items);
  volume.default_mode = mode->value_or(kDefaultVolumeMode);
  volume.optional = *optional;
  return ok();
}

Status parse_empty_dir(const YAML::Node& source, const std::string& path, const std::string& file) {
  static const std::vector<RefusedField> refused = {
      {"sizeLimit", "is not enforced by ferry (the directory is on the scratch disk): remove it"}};
  if (Status fields = refuse_fields(source, refused, path, file); !fields) return fields;
  auto medium = optional_string(source, "medium", path + ".medium", file);
  if (!medium) return medium.error();
  if (medium->value_or("") != "" && **medium != "Memory") {
    return make_error(location_of(source["medium"], file),
                      "\"" + path + ".medium\" must be \"\" or \"Memory\"; found \"" + **medium + "\"");
  }
  return ok();
}

// The volumes Kratix puts first in every pipeline's Pod (pipeline_factory.go): a Pipeline's own volume of
// the same name makes the Pod invalid.
const std::set<std::string>& kratix_volume_names() {
  static const std::set<std::string> names = {"promise-scheduling", "shared-input", "shared-metadata",
                                              "shared-output"};
  return names;
}

// The volume's one kind key, or an error: a cluster kind is named, more than one is refused. Other keys
// are the table's to refuse (pipeline_fields.cpp).
Result<std::string> volume_kind_key(const YAML::Node& node, const std::string& path,
                                    const std::string& file) {
  std::string found;
  for (const auto& entry : node) {
    const std::string key = entry.first.Scalar();
    if (cluster_volume_kinds().contains(key)) {
      return make_error(location_of(entry.first, file),
                        "\"" + path + "\" is a " + key +
                            " volume, which needs a Kubernetes cluster: ferry supports secret, configMap and "
                            "emptyDir volumes");
    }
    if (key != "secret" && key != "configMap" && key != "emptyDir") continue;
    if (!found.empty()) {
      return make_error(location_of(entry.first, file),
                        "\"" + path + "\" has both " + found + " and " + key + ": a volume has one kind");
    }
    found = key;
  }
  if (found.empty()) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" needs one of secret, configMap and emptyDir");
  }
  return found;
}

Result<Volume> parse_volume(const YAML::Node& node, const std::string& path, const std::string& file) {
  if (!node.IsMap()) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be a map, found " + describe_node_type(node));
  }
  Volume volume;
  volume.where = location_of(node, file);
  auto name = required_string(node, "name", path + ".name", file);
  if (!name) return name.error();
  if (const auto problem = name_problem(*name, NameRule::namespace_name)) {
    return make_error(
        location_of(node["name"], file),
        "\"" + path + ".name\" \"" + *name + "\" is not a valid volume name: " + *problem +
            "; use at most 63 lower-case letters, digits and '-', starting and ending with a letter "
            "or digit");
  }
  if (kratix_volume_names().contains(*name)) {
    return make_error(
        location_of(node["name"], file),
        "\"" + path + ".name\" \"" + *name +
            "\" is the name of a volume Kratix adds to every pipeline's Pod, so Kubernetes would "
            "refuse it: rename the volume");
  }
  volume.name = *name;
  auto kind = volume_kind_key(node, path, file);
  if (!kind) return kind.error();
  const std::string at = path + "." + *kind;
  Status parsed = ok();
  if (*kind == "emptyDir") {
    parsed = parse_empty_dir(node[*kind], at, file);
  } else {
    volume.kind = *kind == "secret" ? VolumeKind::secret : VolumeKind::config_map;
    parsed = parse_source(node[*kind], *kind == "secret" ? "secretName" : "name", at, file, volume);
  }
  if (!parsed) return parsed.error();
  return volume;
}
}  // namespace

Result<std::vector<Volume>> parse_volumes(const YAML::Node& spec, const std::string& path,
                                          const std::string& file) {
  auto list = optional_list(spec, "volumes", path + ".volumes", file);
  if (!list) return list.error();
  std::vector<Volume> volumes;
  std::set<std::string> names;
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto volume = parse_volume((*list)[i], path + ".volumes[" + std::to_string(i) + "]", file);
    if (!volume) return volume.error();
    if (!names.insert(volume->name).second) {
      return make_error(volume->where,
                        "volume name \"" + volume->name + "\" is used twice in \"" + path + ".volumes\"");
    }
    volumes.push_back(std::move(*volume));
  }
  return volumes;
}

Result<std::vector<PullSecret>> parse_image_pull_secrets(const YAML::Node& spec, const std::string& path,
                                                         const std::string& file) {
  auto list = optional_list(spec, "imagePullSecrets", path + ".imagePullSecrets", file);
  if (!list) return list.error();
  std::vector<PullSecret> secrets;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string at = path + ".imagePullSecrets[" + std::to_string(i) + "]";
    auto name = object_name((*list)[i], "name", at + ".name", file);
    if (!name) return name.error();
    secrets.push_back(PullSecret{*name, location_of((*list)[i], file)});
  }
  return secrets;
}

Status parse_pipeline_volumes(const YAML::Node& spec, const std::string& path, const std::string& file,
                              Pipeline& pipeline) {
  auto volumes = parse_volumes(spec, path, file);
  if (!volumes) return volumes.error();
  auto pull_secrets = parse_image_pull_secrets(spec, path, file);
  if (!pull_secrets) return pull_secrets.error();
  pipeline.volumes = std::move(*volumes);
  pipeline.image_pull_secrets = std::move(*pull_secrets);
  return check_volume_mounts(pipeline);
}

}  // namespace ferry::pipeline
