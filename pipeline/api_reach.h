// How a container reaches its pipeline's platform API (docs/platform-api.md) with Kubernetes' in-cluster
// configuration: it runs in the pipeline's network namespace, where the API listens on 127.0.0.1, with
// KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT set and the service account's token, ca.crt and
// namespace files mounted read-only at /var/run/secrets/kubernetes.io/serviceaccount. The runtime gets
// these as its plain values (a namespace path, env, a mount) and knows nothing of Kubernetes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "runtime/runtime.h"

namespace ferry::pipeline {

// Where the container looks for its service account, as a pod does.
inline constexpr const char* kServiceAccountMountPath = "/var/run/secrets/kubernetes.io/serviceaccount";

// One running pipeline's API, as its containers reach it.
struct ApiReach {
  std::string network_namespace;              // a path a process can join (runtime.h)
  std::uint16_t port = 443;                   // on 127.0.0.1 inside that namespace
  std::filesystem::path service_account_dir;  // holds token, ca.crt and namespace (in the scratch directory)
};

// Puts `reach` on `run`: the namespace, the two variables before the run's own env (a container's env of
// the same name wins, as the kubelet lets it win over service variables), and the read-only mount of the
// service account directory.
void add_api_reach(const ApiReach& reach, runtime::ContainerRun& run);

}  // namespace ferry::pipeline
