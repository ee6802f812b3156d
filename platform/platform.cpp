// The platform model's lookups by name.
#include "platform/platform.h"

#include <algorithm>

namespace ferry::runner {

const pipeline::Promise* Platform::promise(const std::string& name) const {
  for (const auto& p : promises) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const scheduler::PlacementPolicy* Platform::policy_for(const std::string& promise) const {
  for (const auto& p : policies) {
    if (std::find(p.promises.begin(), p.promises.end(), promise) != p.promises.end()) return &p;
  }
  return nullptr;
}

const GitStateStore* Platform::store(const std::string& name) const {
  for (const auto& s : stores) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

DestinationFilepath Platform::filepath(const std::string& destination) const {
  const auto it = filepaths.find(destination);
  return it == filepaths.end() ? DestinationFilepath{} : it->second;
}

}  // namespace ferry::runner
