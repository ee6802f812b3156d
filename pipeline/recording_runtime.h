// A ContainerRuntime for tests: records every run and lets the test act as the container by writing into
// the host side of the mounts.
#pragma once

#include <functional>
#include <mutex>
#include <vector>

#include "pipeline/runtime.h"

namespace ferry::pipeline {

class RecordingRuntime : public ContainerRuntime {
 public:
  using Behaviour = std::function<ContainerExit(const ContainerRun&)>;
  explicit RecordingRuntime(Behaviour behaviour) : behaviour_(std::move(behaviour)) {}

  std::string name() const override { return "recording"; }
  Result<ContainerExit> run(const ContainerRun& run) override {
    {
      std::lock_guard lock(mutex_);
      runs_.push_back(run);
    }
    return behaviour_(run);
  }
  std::vector<ContainerRun> runs() const {
    std::lock_guard lock(mutex_);
    return runs_;
  }

 private:
  Behaviour behaviour_;
  mutable std::mutex mutex_;
  std::vector<ContainerRun> runs_;
};

// The host path mounted at `container_path`, for behaviours that write outputs.
inline std::filesystem::path host_path_of(const ContainerRun& run, const std::string& container_path) {
  for (const Mount& m : run.mounts) {
    if (m.container == container_path) return m.host;
  }
  return {};
}

}  // namespace ferry::pipeline
