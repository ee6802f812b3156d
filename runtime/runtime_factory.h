// Picks the ContainerRuntime for --runtime: "docker", "podman", "oci" (runc on a bundle), "exec" (host
// commands in bubblewrap), or "auto": docker when its daemon answers `docker info` within 3 s, else podman
// when `podman --version` works, else an Error saying how to install one.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime {

struct RuntimeOptions {
  std::string name = "auto";
  // The programs, each a name searched on PATH or a path.
  std::string docker = "docker";
  std::string podman = "podman";
  std::string runc = "runc";
  std::string bwrap = "bwrap";
  std::filesystem::path exec_config = "ferry-exec.yaml";  // the image map of "exec"
};

// The names --runtime accepts, "auto" first.
std::vector<std::string> runtime_names();

// An unknown name reads `unknown runtime "x"; use one of: auto, docker, podman, oci, exec`.
Result<std::unique_ptr<ContainerRuntime>> make_runtime(const RuntimeOptions& options);

}  // namespace ferry::runtime
