#include "platform/destination_layout.h"

namespace ferry::runner {

writer::DestinationLayout destination_layout(const Platform& platform, const GitStateStore& store,
                                             const scheduler::Destination& d) {
  const DestinationFilepath filepath = platform.filepath(d.name);
  return {d.name, {filepath.mode, store.path, d.path, filepath.aggregate_file}, filepath.mode};
}

std::vector<writer::StoreDestination> store_destinations(const Platform& platform) {
  std::vector<writer::StoreDestination> destinations;
  for (const scheduler::Destination& d : platform.destinations) {
    const GitStateStore* store = platform.store(d.state_store);
    if (store) destinations.push_back({store->name, destination_layout(platform, *store, d)});
  }
  return destinations;
}

std::map<std::string, writer::Author> store_authors(const Platform& platform) {
  std::map<std::string, writer::Author> authors;
  for (const GitStateStore& store : platform.stores) authors.emplace(store.name, store.author);
  return authors;
}

}  // namespace ferry::runner
