// The Pipeline fields that bring files and values from outside into its containers, as plain values: a
// Pipeline's spec.volumes and spec.imagePullSecrets, a container's volumeMounts and envFrom. Parsed by
// volume_parser.h, staged in the pipeline's scratch directory by volume_staging.h (docs/secrets.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "pipeline/secrets.h"

namespace ferry::pipeline {

// secret and configMap volumes come from the secrets and config-maps directories; emptyDir is a fresh
// directory per pipeline, shared by its containers.
enum class VolumeKind { secret, config_map, empty_dir };

// items[]: one key of the source, written at `path` (relative to the volume) with `mode`.
struct VolumeItem {
  std::string key;
  std::string path;
  std::optional<int> mode;  // absent: the volume's defaultMode
  bool operator==(const VolumeItem&) const = default;
};

// The Kubernetes default of secret and configMap volumes' defaultMode (0644).
inline constexpr int kDefaultVolumeMode = 0644;

struct Volume {
  std::string name;  // what volumeMounts[].name refers to
  VolumeKind kind = VolumeKind::empty_dir;
  std::string source;             // secret: secretName; configMap: name; emptyDir: ""
  std::vector<VolumeItem> items;  // empty: every key of the source, each at a file of its own name
  int default_mode = kDefaultVolumeMode;
  bool optional = false;  // a missing source (or item key) is an empty volume (no file) instead of an error
  SourceLocation where;
  bool operator==(const Volume&) const = default;
};

struct VolumeMount {
  std::string name;        // a Volume of the same Pipeline
  std::string mount_path;  // absolute, not under /kratix
  std::string sub_path;    // "" or a relative path inside the volume, mounted instead of its root
  bool read_only = false;  // secret and configMap mounts are read-only whatever it says, as in Kubernetes
  SourceLocation where;
  bool operator==(const VolumeMount&) const = default;
};

// envFrom[]: every key of a secret (secretRef) or config map (configMapRef) as a variable `prefix` + key.
struct EnvFromSource {
  RefKind kind = RefKind::secret;
  std::string name;
  std::string prefix;
  bool optional = false;
  SourceLocation where;
  bool operator==(const EnvFromSource&) const = default;
};

// spec.imagePullSecrets[].name: a secret with a ".dockerconfigjson" key.
struct PullSecret {
  std::string name;
  SourceLocation where;
  bool operator==(const PullSecret&) const = default;
};

}  // namespace ferry::pipeline
