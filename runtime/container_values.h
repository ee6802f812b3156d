// The plain values a container run carries to the engine: its environment as resolved (EnvVar), the
// directories mounted into it (Mount), when its image is pulled (PullPolicy), and what it may use and run as
// (Resources, SecurityContext). The Pipeline model (pipeline/model.h) declares its containers with the same
// values; how each runtime maps them is in docs/runtimes.md and docs/differences.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::runtime {

// One variable as the container gets it: valueFrom and envFrom are resolved before a run is built.
struct EnvVar {
  std::string name;
  std::string value;
  bool operator==(const EnvVar&) const = default;
};

struct Mount {
  std::filesystem::path host;  // absolute
  std::string container;       // absolute path inside the container
  bool read_only = false;
};

// A container's imagePullPolicy. ferry's default is IfNotPresent whatever the tag (Kubernetes uses Always
// for :latest and untagged images): docs/differences.md.
enum class PullPolicy { if_not_present, always, never };

// `resources.limits` or `resources.requests`: cpu in millicores, memory in bytes (pipeline/quantity.h);
// `ephemeral-storage` is read and checked but enforced by no runtime (docs/differences.md).
struct ResourceAmounts {
  std::optional<std::int64_t> cpu_millis;
  std::optional<std::int64_t> memory_bytes;
  std::optional<std::int64_t> ephemeral_storage_bytes;
  bool operator==(const ResourceAmounts&) const = default;
};

struct Resources {
  ResourceAmounts limits;
  ResourceAmounts requests;  // validated against the limits, used by no runtime (nothing is scheduled)
  bool operator==(const Resources&) const = default;
};

// A container's `securityContext`. Unset fields keep the runtime's own default (docs/runtimes.md).
// Capability names are as Kubernetes writes them ("NET_ADMIN", "ALL"), upper case, without "CAP_".
struct SecurityContext {
  std::optional<std::int64_t> run_as_user;
  std::optional<std::int64_t> run_as_group;
  std::optional<bool> run_as_non_root;
  std::optional<bool> read_only_root_filesystem;
  std::optional<bool> allow_privilege_escalation;
  std::optional<bool> privileged;
  std::vector<std::string> capabilities_add;
  std::vector<std::string> capabilities_drop;
  SourceLocation where;  // the securityContext map, for refusals made when the container starts
  bool operator==(const SecurityContext&) const = default;
};

}  // namespace ferry::runtime
