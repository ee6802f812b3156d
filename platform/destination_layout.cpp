#include "platform/destination_layout.h"

namespace ferry::runner {

writer::DestinationLayout destination_layout(const Platform& platform, const GitStateStore& store,
                                             const scheduler::Destination& d) {
  const DestinationFilepath filepath = platform.filepath(d.name);
  return {d.name, {filepath.mode, store.path, d.path, filepath.aggregate_file}, filepath.mode};
}

std::string request_owner(const std::string& namespace_, const std::string& promise,
                          const std::string& name) {
  return "request " + namespace_ + "/" + promise + "/" + name;
}

std::string promise_owner(const std::string& promise) {
  return "promise " + promise;
}

}  // namespace ferry::runner
