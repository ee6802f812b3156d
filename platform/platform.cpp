// The platform model's lookups by name.
#include "platform/platform.h"

#include <algorithm>
#include <optional>

#include "core/label_selector.h"

namespace ferry::runner {

const pipeline::Promise* Platform::promise(const std::string& name) const {
  for (const auto& p : promises) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const pipeline::Promise* Platform::promise_of(const pipeline::Request& request) const {
  if (request.binding.revision) return request.binding.revision.get();
  return promise(request.promise);
}

const scheduler::PlacementPolicy* Platform::policy_for(const std::string& promise) const {
  for (const auto& p : policies) {
    if (std::find(p.promises.begin(), p.promises.end(), promise) != p.promises.end()) return &p;
  }
  return nullptr;
}

Labels Platform::namespace_labels(const std::string& name) const {
  for (const NamespaceObject& n : namespaces) {
    if (n.name == name) return n.labels;
  }
  return {};
}

std::vector<const scheduler::PlacementPolicy*> Platform::policies_for(
    const pipeline::Request& request) const {
  std::vector<const scheduler::PlacementPolicy*> governing;
  std::optional<Labels> labels;  // read once, when a policy has a namespaceSelector
  for (const auto& p : policies) {
    if (std::find(p.promises.begin(), p.promises.end(), request.promise) == p.promises.end()) continue;
    if (p.namespace_selector) {
      if (!labels) labels = namespace_labels(request.namespace_);
      if (!matches(*p.namespace_selector, *labels)) continue;
    }
    governing.push_back(&p);
  }
  return governing;
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
