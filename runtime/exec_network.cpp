// The exec runtime's network options and the nsenter launcher of exec_network.h.
#include "runtime/exec_network.h"

namespace ferry::runtime {

std::vector<std::string> exec_network_arguments(const ContainerRun& run) {
  if (!run.network_namespace.empty()) return {};
  return {"--unshare-net"};
}

std::vector<std::string> in_network_namespace(const std::string& namespace_path, const std::string& program,
                                              const std::vector<std::string>& args) {
  std::vector<std::string> words{"--net=" + namespace_path, "--", program};
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

}  // namespace ferry::runtime
