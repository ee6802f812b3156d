// Linux capabilities as Kubernetes names them ("NET_ADMIN", no "CAP_" prefix) and the set a container gets
// from a runtime's defaults and its securityContext.capabilities, computed as containerd's CRI does.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "runtime/container_values.h"

namespace ferry::runtime {

// Every capability of capabilities(7), without "CAP_".
const std::set<std::string>& linux_capabilities();

// `defaults`, then: add ALL gives every capability, drop ALL none; then the named adds, then the named drops
// (a name both added and dropped is dropped). privileged: every capability. Sorted, without "CAP_".
std::vector<std::string> effective_capabilities(const std::vector<std::string>& defaults,
                                                const std::optional<SecurityContext>& security);

}  // namespace ferry::runtime
