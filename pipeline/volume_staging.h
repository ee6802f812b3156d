// A pipeline's volumes, imagePullSecrets and envFrom made real for one run (volume_model.h): secret and
// configMap volumes written as files from the secrets and config-maps directories (SecretSource), emptyDirs
// created, all in the pipeline's scratch directory, which removes them when the pipeline ends; envFrom as
// variables. pull_auth.h stages imagePullSecrets. Secret values read here are remembered
// (core/secret_values.h) and masked in every output.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/model.h"
#include "pipeline/secrets.h"
#include "runtime/runtime.h"

namespace ferry::pipeline {

struct StagedVolume {
  std::filesystem::path host;  // its directory
  VolumeKind kind = VolumeKind::empty_dir;
  std::string digest;  // SHA-256 of its files' paths, modes and contents ("" for an emptyDir)
};

class StagedVolumes {
 public:
  // Stages every volume of `pipeline` in `dir/<volume name>` (`dir` is created; it must be inside the
  // pipeline's scratch directory). Files get their item's mode, else the volume's defaultMode. A missing
  // secret, config map or item key is an error at the volume unless the volume is optional.
  static Result<StagedVolumes> stage(const Pipeline& pipeline, const std::filesystem::path& dir,
                                     const SecretSource* secrets);

  // The mounts of `container`'s volumeMounts. secret and configMap mounts are read-only, as in Kubernetes;
  // an emptyDir's subPath is created, a secret's or config map's must exist.
  Result<std::vector<runtime::Mount>> mounts_for(const Container& container) const;
  // What the pipeline cache key sees of the container's mounts: path, subPath, read-only and the volume's
  // digest, never a value.
  std::vector<std::string> key_inputs(const Container& container) const;
  // The values of the secret volumes' files: a container's log is masked of them.
  const std::vector<std::string>& secret_values() const { return secret_values_; }

 private:
  std::map<std::string, StagedVolume> volumes_;  // by name
  std::vector<std::string> secret_values_;
};

// envFrom: every key of each source as `prefix` + key, in order (a later source's key replaces an earlier
// one's), appended to `env`; secret and config map values alike are named in `secret_names` (hashed in the
// cache key, masked in logs). An optional source that is missing adds nothing.
Status add_env_from(const Container& container, const SecretSource* secrets,
                    std::vector<runtime::EnvVar>& env, std::vector<std::string>& secret_names);

}  // namespace ferry::pipeline
