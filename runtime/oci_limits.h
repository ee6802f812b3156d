// How the oci runtime gives a container its resources and securityContext: the parts of runc's
// config.json they change (process user, capabilities, noNewPrivileges, root.readonly, linux.resources,
// linux.cgroupsPath), as JSON text for runtime/oci_runtime.cpp to place.
#pragma once

#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime {

struct OciLimits {
  std::string user;          // {"uid":N,"gid":N}
  std::string capabilities;  // ["CAP_..."]: bounding, effective and permitted alike
  bool no_new_privileges = true;
  bool read_only_root = false;
  bool privileged = false;   // no masked or read-only /proc paths, every device
  std::string resources;     // linux.resources members after "devices", each with a leading comma
  std::string cgroups_path;  // linux.cgroupsPath, "" for runc's default
};

// `image_user`: the image's USER (a name it cannot turn into a number runs as 0, as ferry's oci always
// did); `cgroup_parent`: ferry's memory cgroup (runtime/memory_cgroup.h), "" when none: the memory limit
// then goes to runc. `default_capabilities`: without "CAP_".
OciLimits oci_limits(const ContainerRun& run, const std::string& image_user, const std::string& cgroup_parent,
                     const std::vector<std::string>& default_capabilities);

}  // namespace ferry::runtime
