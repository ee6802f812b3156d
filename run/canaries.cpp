#include "run/canaries.h"

#include <mutex>

#include "platform/destination_layout.h"
#include "scheduler/destination.h"
#include "writer/layout.h"

namespace ferry::runner {

// Kratix builds these as a v1.Namespace and a v1.ConfigMap and writes sigs.k8s.io/yaml.Marshal's output
// (internal/controller/destination_controller.go): keys sorted, the empty creationTimestamp as null.
const char* const kCanaryNamespaceYaml =
    "apiVersion: v1\n"
    "kind: Namespace\n"
    "metadata:\n"
    "  creationTimestamp: null\n"
    "  name: kratix-worker-system\n"
    "spec: {}\n"
    "status: {}\n";
const char* const kCanaryConfigMapYaml =
    "apiVersion: v1\n"
    "data:\n"
    "  canary: the confirms your infrastructure is reading from Kratix state stores\n"
    "kind: ConfigMap\n"
    "metadata:\n"
    "  creationTimestamp: null\n"
    "  name: kratix-info\n"
    "  namespace: kratix-worker-system\n";

std::map<std::string, writer::Change> canary_changes(const Platform& platform) {
  std::map<std::string, writer::Change> changes;
  std::map<std::string, std::string> names;  // store -> "a, b"
  for (const scheduler::Destination& d : platform.destinations) {
    const GitStateStore* store = platform.store(d.state_store);
    if (!d.init_workloads || store == nullptr) continue;
    const writer::CanaryPaths paths = writer::canary_paths(destination_layout(platform, *store, d));
    const bool enabled = *d.init_workloads;
    writer::Change& change = changes[store->name];
    change.author = store->author;
    change.files.push_back(
        {paths.namespace_file, enabled ? std::optional<std::string>(kCanaryNamespaceYaml) : std::nullopt});
    change.files.push_back(
        {paths.config_map_file, enabled ? std::optional<std::string>(kCanaryConfigMapYaml) : std::nullopt});
    std::string& listed = names[store->name];
    listed += (listed.empty() ? "" : ", ") + d.name;
  }
  for (auto& [store, change] : changes)
    change.message = "Update from: kratix-canary\n\nFerry-Destinations: " + names[store] + "\n";
  return changes;
}

void commit_canaries(const Platform& platform, OpenStores& stores, RunReport& run) {
  for (const auto& [name, change] : canary_changes(platform)) {
    OpenStore& open = stores.at(name);
    const std::lock_guard lock(open.write_mutex);
    auto outcome = open.store->apply(change);
    if (!outcome) {
      run.canary_errors.push_back(
          make_error(open.config->where,
                     "GitStateStore \"" + name + "\": canary files not written: " + outcome.error().render())
              .render());
      continue;
    }
    if (outcome->commit_sha) run.canary_commits.push_back({name, open.config->branch, *outcome->commit_sha});
  }
}

}  // namespace ferry::runner
