// What a Pipeline's container may be limited to and run as, and the Pipeline fields that bound a run:
// container `resources` and `securityContext`, and spec `jobOptions`, `rbac`, with the names of the fields
// that do not apply outside Kubernetes. Field names follow the Kubernetes core/v1 and Kratix Pipeline APIs
// (reference kratix-newer.md §5); docs/differences.md says how each runtime maps them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::pipeline {

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

// One `rbac.permissions` entry: a Kubernetes PolicyRule plus where it applies. Kept for the platform API
// (not used by any runtime yet).
struct RbacPermission {
  std::string resource_namespace;  // "" = the pipeline's namespace, "*" = every namespace
  std::vector<std::string> api_groups;
  std::vector<std::string> resources;
  std::vector<std::string> resource_names;
  std::vector<std::string> verbs;
  SourceLocation where;
};

// A Pipeline spec field that ferry accepts but that has no meaning without a Kubernetes cluster
// (`nodeSelector`, `tolerations`, `restartPolicy`, `rbac`): reported once per Promise as a warning.
struct InapplicableField {
  std::string name;  // "nodeSelector"
  SourceLocation where;
};

}  // namespace ferry::pipeline
