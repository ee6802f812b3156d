// How podman and docker are told a container's resources and securityContext: `<engine> run` options.
#pragma once

#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime {

// cpu in millicores as --cpus takes it: 1500 -> "1.500".
std::string cpus_text(std::int64_t millis);

// The options for `run`'s resources and securityContext. `image_user`: the image's USER (only read when
// needs_image_user()); `cgroup_parent`: ferry's memory cgroup (runtime/memory_cgroup.h), which then holds
// the memory limit instead of --memory; `podman`: podman's spelling (it keeps writable tmpfs mounts under
// --read-only unless told not to, and would put conmon under the cgroup parent unless told not to).
std::vector<std::string> engine_limit_arguments(const ContainerRun& run, const std::string& image_user,
                                                const std::string& cgroup_parent, bool podman);

}  // namespace ferry::runtime
