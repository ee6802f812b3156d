// Kubernetes-style labels, shared by the model (pipeline/) and the scheduler.
#pragma once

#include <map>
#include <string>

namespace ferry {

using Labels = std::map<std::string, std::string>;

}  // namespace ferry
