#include "placement/placement_index.h"

#include <sstream>

#include "writer/layout.h"

namespace ferry::runner {
namespace {

std::vector<std::string> split(const std::string& path) {
  std::vector<std::string> segments;
  std::stringstream stream(path);
  for (std::string segment; std::getline(stream, segment, '/');) segments.push_back(segment);
  return segments;
}

std::string destination_named_by_dir(const Platform& platform, const GitStateStore& store,
                                     const std::string& dir) {
  for (const auto& d : platform.destinations) {
    if (d.state_store == store.name && writer::join_path({store.path, d.path}) == dir) return d.name;
  }
  return dir;
}

}  // namespace

void PlacementIndex::add_path(const Platform& platform, const GitStateStore& store, const std::string& path) {
  const std::string prefix = writer::join_path({store.path});
  if (!prefix.empty() && !path.starts_with(prefix + "/")) return;
  const std::vector<std::string> segments = split(prefix.empty() ? path : path.substr(prefix.size() + 1));
  for (std::size_t i = 0; i + 6 < segments.size(); ++i) {  // resources + 5 segments + at least one file
    if (segments[i] != "resources") continue;
    std::string dest_path;
    for (std::size_t j = 0; j < i; ++j) dest_path += (j ? "/" : "") + segments[j];
    const std::string dir = writer::join_path({prefix, dest_path});
    const std::string key = segments[i + 1] + "/" + segments[i + 2] + "/" + segments[i + 3];
    ExistingBundle bundle{store.name, destination_named_by_dir(platform, store, dir), dir, segments[i + 4],
                          segments[i + 5]};
    auto& bundles = by_request_[key];
    const bool seen = !bundles.empty() && bundles.back().destination_dir == dir &&
                      bundles.back().pipeline == bundle.pipeline &&
                      bundles.back().group_id5 == bundle.group_id5;
    if (!seen) bundles.push_back(std::move(bundle));
    return;
  }
  for (std::size_t i = 0; i + 2 < segments.size(); ++i) {  // dependencies + the Promise + at least a file
    if (segments[i] != "dependencies") continue;
    std::string directory = prefix;
    for (std::size_t j = 0; j <= i + 1; ++j) directory += (directory.empty() ? "" : "/") + segments[j];
    by_promise_[segments[i + 1]].insert(store.name + " " + directory);
    return;
  }
}

const std::vector<ExistingBundle>& PlacementIndex::bundles_of(const std::string& ns,
                                                              const std::string& promise,
                                                              const std::string& request) const {
  static const std::vector<ExistingBundle> none;
  auto it = by_request_.find(ns + "/" + promise + "/" + request);
  return it == by_request_.end() ? none : it->second;
}

Result<PlacementIndex> read_placement_index(const Platform& platform,
                                            const std::map<std::string, writer::StateStore*>& stores) {
  PlacementIndex index;
  for (const GitStateStore& config : platform.stores) {
    auto paths = stores.at(config.name)->list_paths(writer::join_path({config.path}));  // no blob is read
    if (!paths) return paths.error();
    for (const std::string& path : *paths) index.add_path(platform, config, path);
  }
  return index;
}

}  // namespace ferry::runner
