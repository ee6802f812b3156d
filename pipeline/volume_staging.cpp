// StagedVolumes, add_env_from and stage_pull_auth (volume_staging.h). Every value is read through the
// run's SecretSource, so a secret's value is remembered and masked as env valueFrom values are.
#include "pipeline/volume_staging.h"

#include <algorithm>

#include "core/file_text.h"
#include "core/sha256.h"

namespace fs = std::filesystem;

namespace ferry::pipeline {
namespace {

// One file of a secret or configMap volume: the source key, where it goes, its mode.
struct StagedFile {
  std::string key;
  std::string path;
  int mode = kDefaultVolumeMode;
};

Error no_source(const SourceLocation& where, const std::string& what) {
  return make_error(where, what + " needs a secret source, and none is set");
}

// The keys of `name` as a whole, for a volume without items or an envFrom; nullopt for an optional one
// that is missing.
Result<std::optional<std::vector<std::string>>> all_keys(RefKind kind, const std::string& name, bool optional,
                                                         const SourceLocation& where,
                                                         const SecretSource& secrets) {
  auto keys = secrets.keys(kind, name);
  if (!keys || keys->has_value() || optional) return keys;
  const std::string option = kind == RefKind::secret ? "--secrets-dir" : "--config-maps-dir";
  return make_error(where, std::string(ref_kind_word(kind)) + " \"" + name +
                               "\" is not available to ferry as a directory of keys: create DIR/" + name +
                               "/<key> for each key, with " + option + " DIR");
}

// The files the volume holds: its items, or every key of its source at a file of the key's name.
Result<std::vector<StagedFile>> files_of(const Volume& volume, RefKind kind, const SecretSource& secrets) {
  std::vector<StagedFile> files;
  for (const VolumeItem& item : volume.items) {
    files.push_back(StagedFile{item.key, item.path, item.mode.value_or(volume.default_mode)});
  }
  if (!volume.items.empty()) return files;
  auto keys = all_keys(kind, volume.source, volume.optional, volume.where, secrets);
  if (!keys) return keys.error();
  for (const std::string& key : keys->value_or(std::vector<std::string>{})) {
    files.push_back(StagedFile{key, key, volume.default_mode});
  }
  return files;
}

// Writes one file at `path` with exactly `mode`, its parent directories created.
Status write_staged(const fs::path& path, const std::string& bytes, int mode) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) return make_error("cannot create " + path.parent_path().string() + ": " + ec.message());
  if (Status written = write_file_bytes(path, bytes); !written) return written;
  fs::permissions(path, static_cast<fs::perms>(mode), ec);
  if (ec) return make_error("cannot set the mode of " + path.string() + ": " + ec.message());
  return ok();
}

// A secret or configMap volume's files, written below `host`; returns its digest. Secret values are added
// to `secret_values`.
Result<std::string> stage_source(const Volume& volume, const fs::path& host, const SecretSource& secrets,
                                 std::vector<std::string>& secret_values) {
  const RefKind kind = volume.kind == VolumeKind::secret ? RefKind::secret : RefKind::config_map;
  auto files = files_of(volume, kind, secrets);
  if (!files) return files.error();
  std::string material;
  for (const StagedFile& file : *files) {
    auto value =
        resolve_secret(SecretRef{kind, volume.source, file.key, volume.optional, volume.where}, secrets);
    if (!value) return Error{"volume \"" + volume.name + "\": " + value.error().message, value.error().where};
    if (!*value) continue;  // an optional volume's missing key: no file, as in Kubernetes
    if (Status written = write_staged(host / file.path, **value, file.mode); !written) return written.error();
    if (kind == RefKind::secret) secret_values.push_back(**value);
    material += file.path + '\0' + std::to_string(file.mode) + '\0' + sha256_hex(**value) + '\n';
  }
  return sha256_hex(material);
}

}  // namespace

Result<StagedVolumes> StagedVolumes::stage(const Pipeline& pipeline, const fs::path& dir,
                                           const SecretSource* secrets) {
  StagedVolumes staged;
  for (const Volume& volume : pipeline.volumes) {
    const fs::path host = dir / volume.name;
    std::error_code ec;
    fs::create_directories(host, ec);
    if (ec) return make_error("cannot create " + host.string() + ": " + ec.message());
    StagedVolume entry{host, volume.kind, ""};
    if (volume.kind == VolumeKind::empty_dir) {
      fs::permissions(host, fs::perms::all, ec);  // 0777, as Kubernetes makes an emptyDir
      if (ec) return make_error("cannot set the mode of " + host.string() + ": " + ec.message());
    } else {
      if (!secrets) return no_source(volume.where, "volume \"" + volume.name + "\"");
      auto digest = stage_source(volume, host, *secrets, staged.secret_values_);
      if (!digest) return digest.error();
      entry.digest = std::move(*digest);
    }
    staged.volumes_[volume.name] = std::move(entry);
  }
  return staged;
}

Result<std::vector<runtime::Mount>> StagedVolumes::mounts_for(const Container& container) const {
  std::vector<runtime::Mount> mounts;
  for (const VolumeMount& mount : container.volume_mounts) {
    const auto found = volumes_.find(mount.name);  // check_volume_mounts made sure it exists when parsed
    if (found == volumes_.end()) {
      return make_error(mount.where, "container \"" + container.name + "\" mounts volume \"" + mount.name +
                                         "\", which is not in the pipeline's spec.volumes: add it there");
    }
    const StagedVolume& volume = found->second;
    const fs::path host = mount.sub_path.empty() ? volume.host : volume.host / mount.sub_path;
    std::error_code ec;
    if (volume.kind == VolumeKind::empty_dir) {
      fs::create_directories(host, ec);
      if (ec) return make_error(mount.where, "cannot create " + host.string() + ": " + ec.message());
    } else if (!fs::exists(host, ec)) {
      return make_error(mount.where, "container \"" + container.name + "\" mounts subPath \"" +
                                         mount.sub_path + "\" of volume \"" + mount.name +
                                         "\", which has no such file");
    }
    mounts.push_back(
        runtime::Mount{host, mount.mount_path, mount.read_only || volume.kind != VolumeKind::empty_dir});
  }
  return mounts;
}

std::vector<std::string> StagedVolumes::key_inputs(const Container& container) const {
  std::vector<std::string> inputs;
  for (const VolumeMount& mount : container.volume_mounts) {
    const auto found = volumes_.find(mount.name);  // mounts_for refused a mount of no volume
    const std::string digest = found == volumes_.end() ? "" : found->second.digest;
    inputs.push_back(mount.mount_path + '\0' + mount.sub_path + '\0' + (mount.read_only ? "ro" : "rw") +
                     '\0' + (digest.empty() ? "emptyDir" : digest));
  }
  return inputs;
}

Status add_env_from(const Container& container, const SecretSource* secrets,
                    std::vector<runtime::EnvVar>& env, std::vector<std::string>& secret_names) {
  for (const EnvFromSource& source : container.env_from) {
    if (!secrets) return no_source(source.where, "envFrom");
    auto keys = all_keys(source.kind, source.name, source.optional, source.where, *secrets);
    if (!keys) return keys.error();
    for (const std::string& key : keys->value_or(std::vector<std::string>{})) {
      auto value = resolve_secret(SecretRef{source.kind, source.name, key, false, source.where}, *secrets);
      if (!value) return value.error();
      if (!*value) continue;
      env.push_back(runtime::EnvVar{source.prefix + key, **value});
      secret_names.push_back(source.prefix + key);
    }
  }
  return ok();
}

}  // namespace ferry::pipeline
