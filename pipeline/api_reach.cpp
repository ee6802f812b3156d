// add_api_reach (api_reach.h): a container's in-cluster configuration as the runtime's plain values.
#include "pipeline/api_reach.h"

#include <vector>

namespace ferry::pipeline {

void add_api_reach(const ApiReach& reach, runtime::ContainerRun& run) {
  run.network_namespace = reach.network_namespace;
  const std::vector<runtime::EnvVar> service{{"KUBERNETES_SERVICE_HOST", "127.0.0.1"},
                                             {"KUBERNETES_SERVICE_PORT", std::to_string(reach.port)}};
  run.env.insert(run.env.begin(), service.begin(), service.end());
  run.mounts.push_back({reach.service_account_dir, kServiceAccountMountPath, true});
}

}  // namespace ferry::pipeline
