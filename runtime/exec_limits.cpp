// exec_limits: bwrap and setpriv options from a ContainerRun's securityContext.
#include "runtime/exec_limits.h"

#include <iterator>
#include <set>

#include "runtime/capabilities.h"
#include "runtime/run_as.h"

namespace ferry::runtime {

std::vector<std::string> exec_capability_arguments(const ContainerRun& run) {
  if (!run.security) return {};
  const SecurityContext& security = *run.security;
  if (security.capabilities_add.empty() && security.capabilities_drop.empty() && security.privileged != true)
    return {};
  const std::vector<std::string> all(linux_capabilities().begin(), linux_capabilities().end());
  std::vector<std::string> args{"--cap-drop", "ALL"};
  for (const std::string& cap : effective_capabilities(all, run.security))
    args.insert(args.end(), {"--cap-add", "CAP_" + cap});
  return args;
}

std::vector<std::string> exec_user_prefix(const ContainerRun& run, const std::string& setpriv,
                                          unsigned own_uid) {
  if (!run.security || (!run.security->run_as_user && !run.security->run_as_group)) return {};
  const auto user = numeric_user(run.security, std::to_string(own_uid));
  const std::int64_t uid = user ? user->uid : own_uid;
  const std::int64_t gid = user ? user->gid : 0;
  return {setpriv, "--reuid=" + std::to_string(uid), "--regid=" + std::to_string(gid), "--clear-groups"};
}

std::vector<std::string> exec_mount_parents(const ContainerRun& run) {
  if (!run.security || (!run.security->run_as_user && !run.security->run_as_group)) return {};
  std::vector<std::string> args;
  std::set<std::string> made;
  for (const Mount& mount : run.mounts) {
    std::filesystem::path parent;
    const std::filesystem::path target(mount.container);
    for (auto part = target.begin(); part != target.end() && std::next(part) != target.end(); ++part) {
      parent /= *part;
      if (parent == "/" || !made.insert(parent.string()).second) continue;
      args.insert(args.end(), {"--perms", "0755", "--dir", parent.string()});
    }
  }
  return args;
}

std::vector<std::string> in_cgroup(const std::filesystem::path& procs_file, const std::string& bwrap,
                                   const std::vector<std::string>& args) {
  std::vector<std::string> words{"-c", R"(echo $$ > "$0" && exec "$@")", procs_file.string(), bwrap};
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

}  // namespace ferry::runtime
