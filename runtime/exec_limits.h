// How the exec runtime (bubblewrap) gives a container its securityContext and memory limit: bwrap options,
// the host's setpriv for runAsUser/runAsGroup, and a shell that enters ferry's memory cgroup before it
// becomes bwrap. What bubblewrap cannot do is in docs/runtimes.md (no CPU limit; no_new_privs always set).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime {

// Options for bwrap's capabilities: none without a securityContext that changes them; else --cap-drop ALL
// and a --cap-add per capability kept (bwrap as root keeps every capability by default).
std::vector<std::string> exec_capability_arguments(const ContainerRun& run);

// Words put before the command inside the sandbox: `setpriv --reuid U --regid G --clear-groups` when
// runAsUser or runAsGroup is set (the host's setpriv, `setpriv`), else none. `own_uid`: ferry's uid, the
// user a sandbox runs as otherwise.
std::vector<std::string> exec_user_prefix(const ContainerRun& run, const std::string& setpriv,
                                          unsigned own_uid);

// With runAsUser or runAsGroup: `--perms 0755 --dir D` for each directory bwrap makes above the run's
// mounts (/kratix), which it would make 0700 and so closed to the user; else none.
std::vector<std::string> exec_mount_parents(const ContainerRun& run);

// `bwrap` and its arguments as a shell's: it writes its pid to `procs_file` (a cgroup's), then becomes bwrap.
std::vector<std::string> in_cgroup(const std::filesystem::path& procs_file, const std::string& bwrap,
                                   const std::vector<std::string>& args);

}  // namespace ferry::runtime
