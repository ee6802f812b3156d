// Runs containers with an engine whose CLI copies docker's `run` (podman, docker) through Boost.Process:
// `<engine> run --rm --network=none --pull=<imagePullPolicy>` with the /kratix mounts, the KRATIX_*
// environment and a timeout after which the container is killed by name and removed. A Pipeline annotated
// ferry.dev/network: "true" keeps the engine's default network instead of --network=none.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime {

// Where podman and docker differ.
// What ferry says of an image that `engine` ("podman", "docker") does not have locally (oci runs podman's
// images): its name and how to get it there. `pull_log`: what the engine said when it tried to pull it
// ("" when it did not try: imagePullPolicy Never).
std::string missing_image_message(const std::string& engine, const std::string& image, PullPolicy policy,
                                  const std::string& pull_log);

struct CliEngine {
  std::string name;     // "podman": the runtime's name and the word in messages
  std::string package;  // the Debian package that installs it, for messages
  // podman takes the whole command as a JSON vector in --entrypoint; docker takes one path, and the rest
  // of the command goes before the args.
  bool json_entrypoint = true;
  std::vector<std::string> remove;  // removes a container by name (appended), ignoring a missing one
  // How a run's registry_auth_dir reaches a pull: docker reads DIR/config.json as its client config
  // (`docker --config DIR run`); podman takes the file (`podman run --authfile DIR/config.json`).
  bool auth_as_config_dir = false;
  // `info --format` of the engine's cgroup manager or driver: a ferry memory cgroup (memory_cgroup.h) is
  // given as --cgroup-parent only to an engine that manages cgroupfs paths (systemd takes slice names).
  std::string cgroup_driver_format = {};
  // Global arguments that make the engine take cgroupfs paths for one container whatever its configuration
  // (podman: --cgroup-manager=cgroupfs), given before `run` when ferry made a memory cgroup; empty: the
  // engine's `info` is asked instead. They spare podman's `info` (0.3 s of CPU a run, measured with
  // podman 4.3), which cost a reconcile of 10 containers with memory limits about 10% of its time.
  std::vector<std::string> cgroupfs_manager = {};
  // Whether a run may join a network namespace (ContainerRun::network_namespace) by its path: podman's
  // `--network ns:PATH`; docker has no such option, and refuses such a run.
  bool joins_network_namespaces = false;
};

class CliEngineRuntime : public ContainerRuntime {
 public:
  CliEngineRuntime(CliEngine engine, std::string executable)
      : engine_(std::move(engine)), executable_(std::move(executable)) {}
  std::string name() const override { return engine_.name; }
  Result<ContainerExit> run(const ContainerRun& run) override;
  bool pulls_images() const override { return true; }
  // `<engine> image inspect --format {{.Id}}`: the image ID, a digest of its configuration (which names
  // its layers by digest), so a rebuild with other content under the same tag has another ID.
  Result<std::string> image_digest(const std::string& image) override;

  // The engine's arguments for `run` (without the executable), exposed so tests can pin them.
  // `image_user` and `cgroup_parent`: see engine_limit_arguments (runtime/engine_limits.h).
  std::vector<std::string> arguments_for(const ContainerRun& run, const std::string& container_name,
                                         const std::string& image_user = "",
                                         const std::string& cgroup_parent = "") const;

 private:
  // The image's USER (`<engine> image inspect`); an Error when the engine does not have the image.
  Result<std::string> image_user(const std::string& exe, const std::string& image) const;
  // Whether the engine's cgroup manager is cgroupfs (`<engine> info`, asked once).
  bool uses_cgroupfs(const std::string& exe);

  CliEngine engine_;
  std::string executable_;
  std::mutex digests_mutex_;
  std::map<std::string, std::string> digests_;  // by image reference, for the life of the runtime
  std::optional<bool> cgroupfs_;                // uses_cgroupfs's answer, under digests_mutex_
};

class PodmanRuntime : public CliEngineRuntime {
 public:
  explicit PodmanRuntime(std::string executable = "podman");
};

}  // namespace ferry::runtime
