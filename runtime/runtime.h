// The container runtime: the one interface between ferry and a container engine (ContainerRuntime), and the
// values it takes and gives: a container to run with its mounts (ContainerRun, Mount) and how it ended
// (ContainerExit). Implementations: podman, docker, oci (runc on the image) and exec (bubblewrap), made by
// runtime_factory.h; tests use a recording fake (tests/support).
#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "runtime/container_values.h"

namespace ferry::runtime {

struct ContainerRun {
  std::string label;  // "<pipeline>/<container>", for messages and log names
  std::string image;
  std::vector<std::string> command;  // empty: the image's entrypoint
  std::vector<std::string> args;
  std::vector<EnvVar> env;  // in order; a later duplicate name wins
  std::vector<Mount> mounts;
  std::chrono::seconds timeout{600};
  PullPolicy pull_policy = PullPolicy::if_not_present;  // honoured by podman and docker
  bool network = false;  // podman and docker: the engine's default network; false: none
  // podman and docker: a directory holding the config.json of the Pipeline's imagePullSecrets, for pulls
  // (pull_auth.h); empty: the engine's own credentials. oci and exec never pull.
  std::filesystem::path registry_auth_dir = {};
  Resources resources = {};  // limits honoured by every runtime but exec (docs/runtimes.md)
  std::optional<SecurityContext> security = {};  // absent: the runtime's defaults (docs/runtimes.md)
  // A network namespace the container runs in instead of one of its own: a path a process can join (e.g.
  // "/proc/<pid>/fd/<n>"), so it reaches what listens there and nothing else. Empty: the runtime's own
  // (`network` above). exec (nsenter), podman (`--network ns:PATH`) and oci (runc's namespaces entry with a
  // path) join one; docker refuses a run that asks (cli_engine.h).
  std::string network_namespace = {};
};

struct ContainerExit {
  int exit_code = 0;
  bool timed_out = false;  // killed (with its children) when the timeout expired
  std::string log;         // stdout and stderr, interleaved as written
  // Why the runtime ended it when ferry can tell, e.g. "OOMKilled: ..." (runtime/memory_cgroup.h); "" else.
  std::string reason = {};
};

class ContainerRuntime {
 public:
  virtual ~ContainerRuntime() = default;
  virtual std::string name() const = 0;
  // Runs one container to completion. An Error means it could not be run at all (no engine, bad
  // arguments); a container that ran and failed is a ContainerExit with a non-zero exit_code.
  // Must be safe to call from several threads at once.
  virtual Result<ContainerExit> run(const ContainerRun& run) = 0;
  // What identifies the content of `image` as this runtime would run it now, for the pipeline cache key
  // (pipeline_cache_key.h): podman and docker's image ID, the ID oci unpacks, a digest of the executable
  // exec maps it to. An Error (an image not present locally, a runtime that cannot tell) means the
  // pipeline is not cached. Asked at most once per image during a runtime's life; thread-safe.
  // Whether it pulls images (podman, docker): only then are a Pipeline's imagePullSecrets read.
  virtual bool pulls_images() const { return false; }
  virtual Result<std::string> image_digest(const std::string& image) {
    return make_error(name() + " cannot tell the digest of image " + image);
  }
};

}  // namespace ferry::runtime
