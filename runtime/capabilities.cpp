// The capability table and the add/drop rules (containerd pkg/cri/opts WithCapabilities' order).
#include "runtime/capabilities.h"

#include <algorithm>

namespace ferry::runtime {

const std::set<std::string>& linux_capabilities() {
  static const std::set<std::string> names = {"AUDIT_CONTROL",   "AUDIT_READ",   "AUDIT_WRITE",
                                              "BLOCK_SUSPEND",   "BPF",          "CHECKPOINT_RESTORE",
                                              "CHOWN",           "DAC_OVERRIDE", "DAC_READ_SEARCH",
                                              "FOWNER",          "FSETID",       "IPC_LOCK",
                                              "IPC_OWNER",       "KILL",         "LEASE",
                                              "LINUX_IMMUTABLE", "MAC_ADMIN",    "MAC_OVERRIDE",
                                              "MKNOD",           "NET_ADMIN",    "NET_BIND_SERVICE",
                                              "NET_BROADCAST",   "NET_RAW",      "PERFMON",
                                              "SETFCAP",         "SETGID",       "SETPCAP",
                                              "SETUID",          "SYSLOG",       "SYS_ADMIN",
                                              "SYS_BOOT",        "SYS_CHROOT",   "SYS_MODULE",
                                              "SYS_NICE",        "SYS_PACCT",    "SYS_PTRACE",
                                              "SYS_RAWIO",       "SYS_RESOURCE", "SYS_TIME",
                                              "SYS_TTY_CONFIG",  "WAKE_ALARM"};
  return names;
}

std::vector<std::string> effective_capabilities(const std::vector<std::string>& defaults,
                                                const std::optional<SecurityContext>& security) {
  std::set<std::string> caps(defaults.begin(), defaults.end());
  if (!security) return {caps.begin(), caps.end()};
  const auto has_all = [](const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), "ALL") != names.end();
  };
  if (security->privileged == true || has_all(security->capabilities_add)) caps = linux_capabilities();
  if (security->privileged == true) return {caps.begin(), caps.end()};
  if (has_all(security->capabilities_drop)) caps.clear();
  for (const std::string& name : security->capabilities_add) {
    if (name != "ALL") caps.insert(name);
  }
  for (const std::string& name : security->capabilities_drop) caps.erase(name);
  return {caps.begin(), caps.end()};
}

}  // namespace ferry::runtime
