// Runs containers with runc directly on an OCI bundle, skipping the engine for the lowest start cost.
// Images come from the local podman store: `podman image mount` gives each image's read-only root
// filesystem, and every container gets a fresh overlay on it (writable, discarded afterwards), a new network
// namespace (no network), /proc, a tmpfs /dev, and the run's bind mounts. Needs root (no rootless mode).
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/oci_mount_points.h"
#include "runtime/runtime.h"

namespace ferry::runtime {

// What a container needs from its image.
struct OciImage {
  std::string id;
  std::filesystem::path rootfs;  // read-only, from `podman image mount`
  std::vector<std::string> entrypoint;
  std::vector<std::string> cmd;
  std::vector<std::string> env;  // "NAME=value"
  std::string workdir;           // empty: "/"
  std::string user = {};         // the image's USER ("" = root)
};

// The process arguments, as docker and podman compute them: a run's command replaces the entrypoint and
// drops the image's cmd; a run's args replace the image's cmd.
std::vector<std::string> oci_process_args(const ContainerRun& run, const OciImage& image);

// The image's env, then the run's; a later duplicate name replaces the value in place.
std::vector<std::string> oci_process_env(const ContainerRun& run, const OciImage& image);

// config.json of the bundle whose root filesystem is the directory "rootfs" beside it. `cgroup_parent`:
// ferry's memory cgroup for the container (runtime/memory_cgroup.h), "" when none.
std::string oci_config_json(const ContainerRun& run, const OciImage& image,
                            const std::string& cgroup_parent = "");

class OciRuntime : public ContainerRuntime {
 public:
  explicit OciRuntime(std::string runc = "runc", std::string podman = "podman");
  ~OciRuntime() override;  // unmounts the images it mounted
  OciRuntime(const OciRuntime&) = delete;
  OciRuntime& operator=(const OciRuntime&) = delete;

  std::string name() const override { return "oci"; }
  // A missing image is exit code 125 with podman's message as the log, like `podman run`.
  Result<ContainerExit> run(const ContainerRun& run) override;
  // The ID of the image it unpacks (podman's image ID).
  Result<std::string> image_digest(const std::string& image) override;

 private:
  struct Lookup;
  // The image, inspected and mounted once per reference for the life of this runtime (an image rebuilt
  // under the same tag meanwhile is not seen); a Lookup holding podman's message when it is not known.
  Result<Lookup> image(const std::string& reference);

  std::string runc_;
  std::string podman_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const OciImage>> images_;  // by reference
  std::map<std::string, std::filesystem::path> mounts_;            // rootfs by image id
  MountPointLayers layers_;  // the mount point layers of the images run (oci_mount_points.h)
};

}  // namespace ferry::runtime
