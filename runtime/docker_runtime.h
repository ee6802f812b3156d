// Runs containers with the docker CLI: the podman implementation (podman_runtime.h) with docker's
// spelling of --entrypoint and `rm`. Needs a docker daemon that answers (ci/start-docker starts one).
#pragma once

#include <string>

#include "runtime/podman_runtime.h"

namespace ferry::runtime {

class DockerRuntime : public CliEngineRuntime {
 public:
  explicit DockerRuntime(std::string executable = "docker");
};

}  // namespace ferry::runtime
