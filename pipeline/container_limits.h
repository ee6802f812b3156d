// What a Pipeline's container may be limited to and run as (the runtime's values), and the Pipeline fields
// that bound a run: spec `jobOptions`, `rbac`, with the names of the fields that do not apply outside
// Kubernetes. Field names follow the Kubernetes core/v1 and Kratix Pipeline APIs
// (reference kratix-newer.md §5); docs/differences.md says how each runtime maps them.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "runtime/container_values.h"

namespace ferry::pipeline {

// A container's `resources` and `securityContext` are the runtime's values (runtime/container_values.h):
// the model declares them as the runtime takes them.
using runtime::ResourceAmounts;
using runtime::Resources;
using runtime::SecurityContext;

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
// (`nodeSelector`, `tolerations`, `restartPolicy`, and `rbac`, whose presence serves_platform_api reads):
// reported once per Promise as a warning, rbac aside (run/preflight.h).
struct InapplicableField {
  std::string name;  // "nodeSelector"
  SourceLocation where;
};

}  // namespace ferry::pipeline
