#include "placement/placement_index.h"

#include "writer/layout.h"

namespace ferry::runner {
namespace {

// The segments of `path` as std::getline on '/' reads them: empty ones kept, but no empty last one after
// a trailing '/'.
std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> segments;
  while (!path.empty()) {
    const std::size_t slash = path.find('/');
    segments.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return segments;
}

std::string destination_named_by_dir(const Platform& platform, const GitStateStore& store,
                                     const std::string& dir) {
  for (const auto& d : platform.destinations) {
    if (d.state_store == store.name && writer::join_path({store.path, d.path}) == dir) return d.name;
  }
  return dir;
}

std::string joined(const std::vector<std::string_view>& segments, std::size_t from, std::size_t to) {
  std::string text;
  for (std::size_t i = from; i < to; ++i) (text += i == from ? "" : "/") += segments[i];
  return text;
}

}  // namespace

const PlacementIndex::Folder& PlacementIndex::folder_of(const Platform& platform, const GitStateStore& store,
                                                        std::string_view raw) {
  Folder& last = last_folder_;
  if (last.platform == &platform && last.store == store.name && last.store_path == store.path &&
      last.raw == raw)
    return last;
  last = {&platform, store.name, store.path, std::string(raw), writer::join_path({store.path, raw}), {}};
  last.name = destination_named_by_dir(platform, store, last.dir);
  return last;
}

void PlacementIndex::add_path(const Platform& platform, const GitStateStore& store, const std::string& path) {
  if (last_prefix_for_ != store.path) last_prefix_ = writer::join_path({last_prefix_for_ = store.path});
  const std::string& prefix = last_prefix_;
  if (!prefix.empty() &&
      !(path.starts_with(prefix) && path.size() > prefix.size() && path[prefix.size()] == '/'))
    return;
  const std::vector<std::string_view> segments =
      split(prefix.empty() ? std::string_view(path) : std::string_view(path).substr(prefix.size() + 1));
  for (std::size_t i = 0; i + 6 < segments.size(); ++i) {  // resources + 5 segments + at least one file
    if (segments[i] != "resources") continue;
    const Folder& folder = folder_of(platform, store, joined(segments, 0, i));
    auto& bundles = by_request_[joined(segments, i + 1, i + 4)];
    const bool seen = !bundles.empty() && bundles.back().destination_dir == folder.dir &&
                      bundles.back().pipeline == segments[i + 4] &&
                      bundles.back().group_id5 == segments[i + 5];
    if (!seen) {
      bundles.push_back(
          {store.name, folder.name, folder.dir, std::string(segments[i + 4]), std::string(segments[i + 5])});
    }
    return;
  }
  for (std::size_t i = 0; i + 2 < segments.size(); ++i) {  // dependencies + the Promise + at least a file
    if (segments[i] != "dependencies") continue;
    std::string directory = prefix;
    for (std::size_t j = 0; j <= i + 1; ++j) (directory += directory.empty() ? "" : "/") += segments[j];
    by_promise_[std::string(segments[i + 1])].insert(store.name + " " + directory);
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

Result<PlacementIndex> read_placement_index_of(const Platform& platform,
                                               const std::map<std::string, writer::StateStore*>& stores,
                                               const std::vector<pipeline::Request>& requests) {
  std::vector<std::string> within;  // below each "resources": <ns>/<promise>/<request>, as add_path reads it
  within.reserve(requests.size());
  for (const pipeline::Request& r : requests) within.push_back(r.namespace_ + "/" + r.promise + "/" + r.name);
  PlacementIndex index;
  for (const GitStateStore& config : platform.stores) {
    auto paths =
        stores.at(config.name)->list_paths_within(writer::join_path({config.path}), "resources", within);
    if (!paths) return paths.error();
    for (const std::string& path : *paths) index.add_path(platform, config, path);
  }
  return index;
}

}  // namespace ferry::runner
