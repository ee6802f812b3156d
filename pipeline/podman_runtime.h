// Runs containers with the podman CLI through Boost.Process: `podman run --rm --network=none` with the
// /kratix mounts, the KRATIX_* environment and a timeout after which the container is killed.
#pragma once

#include <string>

#include "pipeline/runtime.h"

namespace ferry::pipeline {

class PodmanRuntime : public ContainerRuntime {
 public:
  explicit PodmanRuntime(std::string executable = "podman") : executable_(std::move(executable)) {}
  std::string name() const override { return "podman"; }
  Result<ContainerExit> run(const ContainerRun& run) override;

  // The podman arguments for `run` (without the executable), exposed so tests can pin them.
  std::vector<std::string> arguments_for(const ContainerRun& run, const std::string& container_name) const;

 private:
  std::string executable_;
};

}  // namespace ferry::pipeline
