// Where a container run's paths live on the host: the host side of its mounts (runtime.h Mount).
#pragma once

#include <filesystem>
#include <string>

#include "runtime/runtime.h"

namespace ferry::pipeline {

// The host path mounted at `container_path`; empty when the run mounts nothing there.
inline std::filesystem::path host_path_of(const runtime::ContainerRun& run,
                                          const std::string& container_path) {
  for (const runtime::Mount& m : run.mounts) {
    if (m.container == container_path) return m.host;
  }
  return {};
}

}  // namespace ferry::pipeline
