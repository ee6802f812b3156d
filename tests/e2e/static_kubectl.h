// The static kubectl binary the platform API's end-to-end tests run inside their pipelines: Google's
// /usr/bin/kubectl is a dispatcher that runs kubectl.1.NN beside it, Debian's kubernetes-client (1.20) is
// the binary itself. A PATH that puts another kubectl first (e.g. Debian 12's, unpacked) picks the client.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/support/test_support.h"

namespace ferry::testing {

// Empty when there is no kubectl on the PATH.
inline std::string static_kubectl_binary() {
  const std::string found = run("readlink -f \"$(command -v kubectl)\"", false).output;
  if (found.empty()) return "";
  const std::filesystem::path resolved = found.substr(0, found.find('\n'));
  for (const char* versioned : {"kubectl.1.32", "kubectl.1.31", "kubectl.1.30"}) {
    if (std::filesystem::exists(resolved.parent_path() / versioned))
      return resolved.parent_path() / versioned;
  }
  return resolved;
}

// Why a test that runs `kubectl` inside exec pipelines joined to the platform API cannot run on this
// machine, or "" when it can: it needs root (network namespaces), a static kubectl (the one given), bwrap,
// nsenter, and the commands in `also_needed` (space-separated: "setpriv").
inline std::string kubectl_pipelines_unavailable(const std::string& kubectl,
                                                 const std::string& also_needed = "") {
  const std::string commands = "bwrap nsenter " + also_needed;
  if (::geteuid() == 0 && !kubectl.empty() &&
      run("for c in " + commands + "; do command -v $c || exit 1; done", false).exit_code == 0)
    return "";
  return "needs root, kubectl and the commands " + commands;
}

}  // namespace ferry::testing
