// engine_limit_arguments: one option per field; the fields' meaning is Kubernetes', see docs/runtimes.md.
#include "runtime/engine_limits.h"

#include <cstdio>

#include "runtime/run_as.h"

namespace ferry::runtime {
namespace {

void add_resources(const ContainerRun& run, const std::string& cgroup_parent, bool podman,
                   std::vector<std::string>& args) {
  const ResourceAmounts& limits = run.resources.limits;
  if (limits.cpu_millis) args.push_back("--cpus=" + cpus_text(*limits.cpu_millis));
  if (!limits.memory_bytes) return;
  if (!cgroup_parent.empty()) {
    args.push_back("--cgroup-parent=" + cgroup_parent);
    // With cgroupfs, podman puts conmon in <parent>/conmon, under the container's limit: a container at its
    // limit then gets conmon OOM-killed too, and podman never learns the exit code (the container stays
    // "running" in its database). conmon stays in ferry's cgroup instead.
    if (podman) args.push_back("--cgroups=no-conmon");
    return;
  }
  const std::string bytes = std::to_string(*limits.memory_bytes) + "b";
  args.insert(args.end(), {"--memory=" + bytes, "--memory-swap=" + bytes});  // no swap, as in Kubernetes
}

}  // namespace

std::string cpus_text(std::int64_t millis) {
  char text[32];
  std::snprintf(text, sizeof text, "%lld.%03lld", static_cast<long long>(millis / 1000),
                static_cast<long long>(millis % 1000));
  return text;
}

std::vector<std::string> engine_limit_arguments(const ContainerRun& run, const std::string& image_user,
                                                const std::string& cgroup_parent, bool podman) {
  std::vector<std::string> args;
  add_resources(run, cgroup_parent, podman, args);
  if (!run.security) return args;
  const SecurityContext& security = *run.security;
  if (const std::string user = user_argument(run.security, image_user); !user.empty()) {
    args.push_back("--user=" + user);
  }
  if (security.read_only_root_filesystem == true) {
    args.push_back("--read-only");
    if (podman) args.push_back("--read-only-tmpfs=false");  // Kubernetes mounts no writable /tmp or /run
  }
  if (security.allow_privilege_escalation == false) args.push_back("--security-opt=no-new-privileges");
  for (const std::string& cap : security.capabilities_drop) args.push_back("--cap-drop=" + cap);
  for (const std::string& cap : security.capabilities_add) args.push_back("--cap-add=" + cap);
  if (security.privileged == true) args.push_back("--privileged");
  return args;
}

}  // namespace ferry::runtime
