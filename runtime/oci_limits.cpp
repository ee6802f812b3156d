// oci_limits: runc's fields (runtime-spec config.md, config-linux.md) from the container's settings.
#include "runtime/oci_limits.h"

#include <algorithm>

#include "runtime/capabilities.h"
#include "runtime/run_as.h"

namespace ferry::runtime {
namespace {

constexpr std::int64_t kCpuPeriodMicros = 100000;  // the kubelet's CFS period

std::string caps_json(const std::vector<std::string>& names) {
  std::string json = "[";
  for (const std::string& name : names) json += (json.size() > 1 ? "," : "") + ("\"CAP_" + name + "\"");
  return json + "]";
}

std::string resources_json(const ResourceAmounts& limits, bool memory_elsewhere) {
  std::string json;
  if (limits.cpu_millis) {
    const std::int64_t quota = std::max<std::int64_t>(*limits.cpu_millis * kCpuPeriodMicros / 1000, 1000);
    json += R"(,"cpu":{"quota":)" + std::to_string(quota) + R"(,"period":)" +
            std::to_string(kCpuPeriodMicros) + "}";
  }
  if (limits.memory_bytes && !memory_elsewhere) {
    const std::string bytes = std::to_string(*limits.memory_bytes);
    json += R"(,"memory":{"limit":)" + bytes + R"(,"swap":)" + bytes + "}";  // swap: memory + swap, so none
  }
  return json;
}

}  // namespace

OciLimits oci_limits(const ContainerRun& run, const std::string& image_user, const std::string& cgroup_parent,
                     const std::vector<std::string>& default_capabilities) {
  OciLimits limits;
  const std::optional<SecurityContext>& security = run.security;
  NumericUser user;
  if (auto numeric = numeric_user(security, image_user)) {
    user = *numeric;
  } else if (security) {
    user = {security->run_as_user.value_or(0), security->run_as_group.value_or(0)};
  }
  limits.user = R"({"uid":)" + std::to_string(user.uid) + R"(,"gid":)" + std::to_string(user.gid) + "}";
  limits.capabilities = caps_json(effective_capabilities(default_capabilities, security));
  limits.privileged = security && security->privileged == true;
  limits.no_new_privileges =
      !limits.privileged && !(security && security->allow_privilege_escalation == true);
  limits.read_only_root = security && security->read_only_root_filesystem == true;
  limits.resources = resources_json(run.resources.limits, !cgroup_parent.empty());
  if (!cgroup_parent.empty()) limits.cgroups_path = cgroup_parent + "/container";
  return limits;
}

}  // namespace ferry::runtime
