// RecordingRuntime: the ContainerRuntime fake for tests. It records every run and lets the test act as the
// container by writing into the host side of the mounts (host_path_of, pipeline/mount_paths.h).
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "pipeline/mount_paths.h"
#include "runtime/runtime.h"

namespace ferry::pipeline {

class RecordingRuntime : public runtime::ContainerRuntime {
 public:
  using Behaviour = std::function<runtime::ContainerExit(const runtime::ContainerRun&)>;
  explicit RecordingRuntime(Behaviour behaviour) : behaviour_(std::move(behaviour)) {}

  std::string name() const override { return "recording"; }
  Result<runtime::ContainerExit> run(const runtime::ContainerRun& run) override {
    {
      std::lock_guard lock(mutex_);
      runs_.push_back(run);
    }
    return behaviour_(run);
  }
  std::vector<runtime::ContainerRun> runs() const {
    std::lock_guard lock(mutex_);
    return runs_;
  }
  // "fake:<image>" unless set_image_digest gave another; "" set means the image is unknown (an Error).
  Result<std::string> image_digest(const std::string& image) override {
    std::lock_guard lock(mutex_);
    auto set = digests_.find(image);
    if (set == digests_.end()) return "fake:" + image;
    if (set->second.empty()) return make_error("recording runtime does not know image " + image);
    return set->second;
  }
  void set_image_digest(const std::string& image, const std::string& digest) {
    std::lock_guard lock(mutex_);
    digests_[image] = digest;
  }

 private:
  Behaviour behaviour_;
  mutable std::mutex mutex_;
  std::vector<runtime::ContainerRun> runs_;
  std::map<std::string, std::string> digests_;
};

}  // namespace ferry::pipeline
