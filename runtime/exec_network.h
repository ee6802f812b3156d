// How the exec runtime runs a container in a network namespace it is given (ContainerRun::network_namespace,
// e.g. a pipeline's, where its platform API listens): bubblewrap is started by `nsenter --net=PATH`, so the
// sandbox has that namespace's loopback and listeners instead of a new empty one (`--unshare-net`).
// Joining a namespace needs CAP_SYS_ADMIN, as making it did.
#pragma once

#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace ferry::runtime {

// bwrap's option for the network: `--unshare-net` (a namespace of its own, no network) unless the run
// joins a namespace, then none.
std::vector<std::string> exec_network_arguments(const ContainerRun& run);

// `program` and its arguments as nsenter's (`--net=PATH -- program args...`): it joins the namespace at
// `namespace_path`, then becomes `program`.
std::vector<std::string> in_network_namespace(const std::string& namespace_path, const std::string& program,
                                              const std::vector<std::string>& args);

}  // namespace ferry::runtime
