// make_runtime: a table from name to constructor; "auto" probes the engines with short-lived children.
#include "runtime/runtime_factory.h"

#include "runtime/cli_engine.h"
#include "runtime/docker_runtime.h"
#include "runtime/exec_runtime.h"
#include "runtime/oci_runtime.h"
#include "runtime/podman_runtime.h"

namespace ferry::runtime {
namespace {

using namespace std::chrono_literals;
using RuntimePtr = std::unique_ptr<ContainerRuntime>;
using Maker = Result<RuntimePtr> (*)(const RuntimeOptions&);

// True when `executable args...` exits 0 within `timeout`.
bool answers(const std::string& executable, const std::vector<std::string>& args,
             std::chrono::milliseconds timeout) {
  Result<std::string> exe = cli::Tool{executable, executable, ""}.locate();
  if (!exe) return false;
  Result<cli::Captured> probe = cli::run_captured(*exe, args, timeout);
  return probe && probe->exit_code == 0;
}

Result<RuntimePtr> make_docker(const RuntimeOptions& o) {
  return RuntimePtr(new DockerRuntime(o.docker));
}
Result<RuntimePtr> make_podman(const RuntimeOptions& o) {
  return RuntimePtr(new PodmanRuntime(o.podman));
}
Result<RuntimePtr> make_oci(const RuntimeOptions& o) {
  return RuntimePtr(new OciRuntime(o.runc, o.podman));
}

Result<RuntimePtr> make_exec(const RuntimeOptions& o) {
  Result<ExecConfig> config = load_exec_config(o.exec_config);
  if (!config) return config.error();
  return RuntimePtr(new ExecRuntime(std::move(*config), o.bwrap));
}

Result<RuntimePtr> make_auto(const RuntimeOptions& o) {
  if (answers(o.docker, {"info"}, 3s)) return make_docker(o);
  if (answers(o.podman, {"--version"}, 10s)) return make_podman(o);
  return make_error(
      "no container engine found: install podman (apt-get install podman runc) or docker (apt-get install "
      "docker.io), or use --runtime exec");
}

struct Entry {
  const char* name;
  Maker make;
};
constexpr Entry kRuntimes[] = {{"auto", make_auto},
                               {"docker", make_docker},
                               {"podman", make_podman},
                               {"oci", make_oci},
                               {"exec", make_exec}};

}  // namespace

std::vector<std::string> runtime_names() {
  std::vector<std::string> names;
  for (const Entry& entry : kRuntimes) names.emplace_back(entry.name);
  return names;
}

Result<std::unique_ptr<ContainerRuntime>> make_runtime(const RuntimeOptions& options) {
  for (const Entry& entry : kRuntimes) {
    if (options.name == entry.name) return entry.make(options);
  }
  std::string names;
  for (const std::string& name : runtime_names()) names += (names.empty() ? "" : ", ") + name;
  return make_error("unknown runtime \"" + options.name + "\"; use one of: " + names);
}

}  // namespace ferry::runtime
