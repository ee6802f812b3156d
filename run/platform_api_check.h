// Whether a run can serve the platform API to the Pipelines that ask for it with `rbac`
// (docs/platform-api.md), decided once before any container starts: `ferry reconcile` serves it on exec,
// podman and oci when it can make network namespaces (root: CAP_SYS_ADMIN); on docker, or where the machine
// refuses the namespace, the run stops before any container with an error per such Pipeline, located at its
// `rbac`, rather than run pipelines whose API calls would fail. `ferry plan` serves no API and warns.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/platform.h"

namespace ferry::runner {

struct PlatformApiRun {
  std::string runtime;  // the runtime's name: exec, podman, oci, docker
  bool serves = true;   // false for `ferry plan`, which serves no API
  // Makes (and drops) a pipeline network namespace: why this process cannot, if it cannot
  // (api/pipeline_network.h's probe). Called once, only when some Pipeline asks for the API.
  std::function<Status()> probe;
};

// Appends, each located at a Pipeline's `rbac`:
// errors (the run stops before any container)
//   Promise "<p>", Pipeline "<n>" (<workflow>): rbac asks for the platform API, which ferry serves on
//     --runtime exec, podman and oci, not on docker: run it with one of those, or without its rbac
//   Promise "<p>", Pipeline "<n>" (<workflow>): rbac asks for the platform API, which this run cannot
//     serve: <the probe's error>; making a pipeline's network namespace needs CAP_SYS_ADMIN: run ferry
//     reconcile as root
// warnings (`serves` false: one per Promise)
//   Promise "<p>": ferry plan serves no platform API: a container of a Pipeline with rbac that calls the
//     Kubernetes API finds none (ferry reconcile serves it on exec, podman and oci)
void check_platform_api(const Platform& platform, const PlatformApiRun& run, std::vector<Error>& errors,
                        std::vector<Error>& warnings);

// The run of `runtime` whose probe makes a real pipeline network namespace (api/pipeline_network.h).
PlatformApiRun platform_api_run(std::string runtime, bool serves);

}  // namespace ferry::runner
