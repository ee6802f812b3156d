// The parsers of container_mounts_parser.h. As in volume_parser.cpp, the tables of pipeline_fields.cpp
// refuse unknown keys and these parsers refuse, with the reason, the known ones ferry does not honour.
#include "pipeline/container_mounts_parser.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/known_fields.h"
#include "pipeline/volume_fields.h"

namespace ferry::pipeline {
namespace {

// A mount path: absolute, and clear of /kratix, where ferry mounts the pipeline's input and output.
Status check_mount_path(const YAML::Node& node, const std::string& text, const std::string& path,
                        const std::string& file) {
  const std::filesystem::path normal = std::filesystem::path(text).lexically_normal();
  if (!normal.is_absolute()) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" must be an absolute path; found \"" + text + "\"");
  }
  const std::string shown = normal.string();
  if (shown == "/kratix" || shown == "/kratix/" || shown.starts_with("/kratix/")) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" \"" + text +
                          "\" collides with /kratix, where ferry mounts the pipeline's input, output and "
                          "metadata: mount the volume elsewhere");
  }
  return ok();
}

Result<VolumeMount> parse_mount(const YAML::Node& node, const std::string& path, const std::string& file) {
  static const std::vector<RefusedField> refused = {
      {"subPathExpr", "needs the Kubernetes downward API: use subPath"},
      {"mountPropagation", "has no meaning without a cluster's host mounts: remove it"},
      {"recursiveReadOnly",
       "is not supported by ferry: remove it (secret and configMap mounts are read-only)"}};
  if (Status fields = refuse_fields(node, refused, path, file); !fields) return fields.error();
  VolumeMount mount;
  mount.where = location_of(node, file);
  auto name = required_string(node, "name", path + ".name", file);
  if (!name) return name.error();
  auto mount_path = required_string(node, "mountPath", path + ".mountPath", file);
  if (!mount_path) return mount_path.error();
  if (Status clear = check_mount_path(node["mountPath"], *mount_path, path + ".mountPath", file); !clear)
    return clear.error();
  auto sub_path = optional_string(node, "subPath", path + ".subPath", file);
  if (!sub_path) return sub_path.error();
  if (sub_path->value_or("") != "") {
    if (Status relative = check_relative(node["subPath"], **sub_path, path + ".subPath", file); !relative)
      return relative.error();
  }
  auto read_only = optional_bool(node, "readOnly", false, path + ".readOnly", file);
  if (!read_only) return read_only.error();
  mount.name = *name;
  mount.mount_path = std::filesystem::path(*mount_path).lexically_normal().string();
  if (mount.mount_path.size() > 1 && mount.mount_path.back() == '/')
    mount.mount_path.pop_back();  // "/a/" is "/a"
  mount.sub_path = sub_path->value_or("");
  mount.read_only = *read_only;
  return mount;
}

Result<EnvFromSource> parse_env_from_entry(const YAML::Node& node, const std::string& path,
                                           const std::string& file) {
  const bool secret = child(node, "secretRef").IsDefined();
  if (secret == child(node, "configMapRef").IsDefined()) {
    return make_error(location_of(node, file),
                      "\"" + path + "\" needs exactly one of \"secretRef\" and \"configMapRef\"");
  }
  EnvFromSource source;
  source.kind = secret ? RefKind::secret : RefKind::config_map;
  source.where = location_of(node, file);
  const std::string at = path + (secret ? ".secretRef" : ".configMapRef");
  const YAML::Node ref = node[secret ? "secretRef" : "configMapRef"];
  auto name = object_name(ref, "name", at + ".name", file);
  if (!name) return name.error();
  auto optional = optional_bool(ref, "optional", false, at + ".optional", file);
  if (!optional) return optional.error();
  auto prefix = optional_string(node, "prefix", path + ".prefix", file);
  if (!prefix) return prefix.error();
  source.name = *name;
  source.optional = *optional;
  source.prefix = prefix->value_or("");
  return source;
}

}  // namespace

Result<std::vector<VolumeMount>> parse_volume_mounts(const YAML::Node& container, const std::string& path,
                                                     const std::string& file) {
  auto list = optional_list(container, "volumeMounts", path + ".volumeMounts", file);
  if (!list) return list.error();
  std::vector<VolumeMount> mounts;
  std::set<std::string> paths;
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto mount = parse_mount((*list)[i], path + ".volumeMounts[" + std::to_string(i) + "]", file);
    if (!mount) return mount.error();
    if (!paths.insert(mount->mount_path).second) {
      return make_error(mount->where, "mount path \"" + mount->mount_path + "\" is used twice in \"" + path +
                                          ".volumeMounts\"");
    }
    mounts.push_back(std::move(*mount));
  }
  return mounts;
}

Result<std::vector<EnvFromSource>> parse_env_from(const YAML::Node& container, const std::string& path,
                                                  const std::string& file) {
  auto list = optional_list(container, "envFrom", path + ".envFrom", file);
  if (!list) return list.error();
  std::vector<EnvFromSource> sources;
  for (std::size_t i = 0; i < list->size(); ++i) {
    auto source = parse_env_from_entry((*list)[i], path + ".envFrom[" + std::to_string(i) + "]", file);
    if (!source) return source.error();
    sources.push_back(std::move(*source));
  }
  return sources;
}

Status check_volume_mounts(const Pipeline& pipeline) {
  for (const Container& container : pipeline.containers) {
    for (const VolumeMount& mount : container.volume_mounts) {
      const auto named = [&](const Volume& volume) { return volume.name == mount.name; };
      if (std::none_of(pipeline.volumes.begin(), pipeline.volumes.end(), named)) {
        return make_error(mount.where, "container \"" + container.name + "\" mounts volume \"" + mount.name +
                                           "\", which is not in the pipeline's spec.volumes: add it there");
      }
    }
  }
  return ok();
}

Status parse_container_mounts(const YAML::Node& node, const std::string& path, const std::string& file,
                              Container& container) {
  auto mounts = parse_volume_mounts(node, path, file);
  if (!mounts) return mounts.error();
  auto env_from = parse_env_from(node, path, file);
  if (!env_from) return env_from.error();
  container.volume_mounts = std::move(*mounts);
  container.env_from = std::move(*env_from);
  return ok();
}

}  // namespace ferry::pipeline
