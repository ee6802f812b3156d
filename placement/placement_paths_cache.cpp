// The placement paths cache's fields (core/cache_file.h) and the placement index read through it
// (placement_paths_cache.h).
#include "placement/placement_paths_cache.h"

#include <algorithm>
#include <iterator>

#include "core/cache_file.h"
#include "core/file_text.h"
#include "core/md5.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

constexpr CacheFormat kFormat{"ferry-placement-paths-cache", "placement paths cache",
                              kPlacementPathsCacheVersion};

// A store's folder among the cache's: its name and the folder, so that a store moved to another folder is
// not taken for the one cached.
std::string store_folder_key(const GitStateStore& store) {
  return store.name + " " + writer::join_path({store.path});
}

// The segments of `path` below the store's folder `prefix`; nullopt when it is not below it.
std::optional<std::vector<std::string_view>> segments_below(const std::string& prefix,
                                                            std::string_view path) {
  if (!prefix.empty()) {
    if (!path.starts_with(prefix) || path.size() <= prefix.size() || path[prefix.size()] != '/')
      return std::nullopt;
    path.remove_prefix(prefix.size() + 1);
  }
  std::vector<std::string_view> segments;
  for (std::size_t at = 0;;) {
    const std::size_t slash = path.find('/', at);
    segments.push_back(path.substr(at, slash == std::string_view::npos ? slash : slash - at));
    if (slash == std::string_view::npos) return segments;
    at = slash + 1;
  }
}

// How many segments below the store's folder PlacementIndex::add_path reads: through a request bundle's
// group directory (resources/<ns>/<promise>/<request>/<pipeline>/<group>), or through a Promise's
// dependencies directory; 0 when the path adds nothing to the index. The same first match as add_path's.
std::size_t indexed_segments(const std::vector<std::string_view>& segments) {
  for (std::size_t i = 0; i + 6 < segments.size(); ++i)
    if (segments[i] == "resources") return i + 6;
  for (std::size_t i = 0; i + 2 < segments.size(); ++i)
    if (segments[i] == "dependencies") return i + 2;
  return 0;
}

// The key `path` is kept under: its path through what the index reads, then the md5 of the rest (at least
// one segment, as add_path needs). The names below a bundle's group directory are a pipeline's output and
// may hold a secret value (a file named after it: tests/e2e/secrets_e2e_test.cpp), which no file ferry
// keeps may hold. nullopt for a path the index ignores. add_path reads a key as it reads the path.
std::optional<std::string> kept_key(const std::string& prefix, const std::string& path) {
  const auto segments = segments_below(prefix, path);
  if (!segments) return std::nullopt;
  const std::size_t read = indexed_segments(*segments);
  if (read == 0) return std::nullopt;
  std::string key = prefix;
  for (std::size_t i = 0; i < read; ++i) (key += key.empty() ? "" : "/") += (*segments)[i];
  std::string rest;
  for (std::size_t i = read; i < segments->size(); ++i) (rest += rest.empty() ? "" : "/") += (*segments)[i];
  return key + "/" + md5_hex(rest);
}

// A folder's keys, each after the one before (encode writes them sorted and unique): a cache whose keys
// are not reads as truncated, so the merge of a delta (apply_delta) can rely on their order.
bool decode_folder(FieldDecoder& in, CachedPlacementFolder& folder) {
  long files = 0;
  if (!in.field(folder.tree_id) || !in.number(files) || files < 0) return false;
  folder.keys.reserve(static_cast<std::size_t>(std::min(files, 1L << 20)));
  for (long i = 0; i < files; ++i) {
    std::string key;
    if (!in.field(key) || (!folder.keys.empty() && !(folder.keys.back() < key))) return false;
    folder.keys.push_back(std::move(key));
  }
  return true;
}

}  // namespace

std::string encode_placement_paths_cache(const PlacementPathsCache& cache) {
  FieldEncoder out;
  out.number(static_cast<long>(cache.folders.size()));
  for (const auto& [key, folder] : cache.folders) {
    out.field(key);
    out.field(folder.tree_id);
    out.number(static_cast<long>(folder.keys.size()));
    for (const std::string& file : folder.keys) out.field(file);
  }
  return framed_cache_text(kFormat, out.text());
}

Result<PlacementPathsCache> decode_placement_paths_cache(const std::string& text) {
  auto body = cache_body(kFormat, text);
  if (!body) return body.error();
  FieldDecoder in(*body);
  PlacementPathsCache cache;
  long folders = 0;
  if (!in.number(folders) || folders < 0) return make_error("truncated");
  for (long f = 0; f < folders; ++f) {
    std::string key;
    CachedPlacementFolder folder;
    if (!in.field(key) || !decode_folder(in, folder)) return make_error("truncated");
    cache.folders.emplace(std::move(key), std::move(folder));
  }
  if (!in.done()) return make_error("truncated");
  return cache;
}

namespace {

// The cache at `path`: empty when there is none or it cannot be trusted (then with one warning).
PlacementPathsCache read_cache(const std::filesystem::path& path, std::vector<std::string>& warnings) {
  const std::optional<std::string> text = read_file_text(path);
  if (!text) return {};
  auto cache = decode_placement_paths_cache(*text);
  if (cache) return std::move(*cache);
  warnings.push_back("the placement paths cache " + path.string() + " is not used (" + cache.error().message +
                     "); every store was read and the cache is rebuilt");
  return {};
}

// The kept keys (kept_key) of `files` (path -> anything), sorted and unique; paths the index ignores are
// not kept.
template <typename Files>
std::vector<std::string> keys_of(const std::string& prefix, const Files& files) {
  std::vector<std::string> keys;
  for (const auto& [path, value] : files) {
    if (auto key = kept_key(prefix, path)) keys.push_back(std::move(*key));
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

// `keys` (sorted) less the kept keys of the `removed` paths, with those of the `changed` files (path -> blob
// id) added; still sorted and unique.
void apply_delta(const std::string& prefix, const std::vector<std::string>& removed,
                 const std::map<std::string, std::string>& changed, std::vector<std::string>& keys) {
  std::vector<std::string> removed_keys;
  for (const std::string& path : removed) {
    if (auto key = kept_key(prefix, path)) removed_keys.push_back(std::move(*key));
  }
  std::sort(removed_keys.begin(), removed_keys.end());
  std::erase_if(keys, [&](const std::string& key) {
    return std::binary_search(removed_keys.begin(), removed_keys.end(), key);
  });
  const std::vector<std::string> added = keys_of(prefix, changed);
  std::vector<std::string> merged;
  merged.reserve(keys.size() + added.size());
  std::set_union(keys.begin(), keys.end(), added.begin(), added.end(), std::back_inserter(merged));
  keys = std::move(merged);
}

// One store's folder as read against the cache: what the cache now knows of it, whether it was read whole
// (with a tree id: a cold read) and how many of its files changed since the cached tree (a delta).
struct FolderPaths {
  CachedPlacementFolder folder;
  bool whole = false;
  std::size_t delta = 0;
};

// `store`'s folder read against `known` (moved from; empty: nothing known). A store that keeps no trees
// (StateStore::read_folder's default) gives its files and no ids: their keys and an empty tree id, so that
// nothing is cached.
Result<FolderPaths> read_paths(writer::StateStore& store, const std::string& folder,
                               CachedPlacementFolder known, PlacementPathsUse& use) {
  auto read = store.read_folder(folder, writer::KnownFolder{known.tree_id, {}});
  if (!read) return read.error();
  use.files_read += read->files.size();
  if (read->unchanged) {
    ++use.folders_unchanged;
    return FolderPaths{std::move(known)};
  }
  if (read->tree_id.empty()) return FolderPaths{{"", keys_of(folder, read->files)}, true};
  if (!read->delta) return FolderPaths{{read->tree_id, keys_of(folder, read->blob_ids)}, true};
  apply_delta(folder, read->removed, read->blob_ids, known.keys);
  known.tree_id = read->tree_id;
  return FolderPaths{std::move(known), false, read->removed.size() + read->blob_ids.size()};
}

// Whether the cache read as `before` is worth writing as `after`: a folder read whole, one that came or
// went, or a delta big enough for cache_delta_worth_writing.
bool worth_writing(const PlacementPathsCache& before, const PlacementPathsCache& after, bool whole,
                   std::size_t delta) {
  if (whole || before.folders.size() != after.folders.size()) return true;
  std::size_t total = 0;
  for (const auto& [key, folder] : after.folders) {
    if (!before.folders.contains(key)) return true;
    total += folder.keys.size();
  }
  return delta > 0 && cache_delta_worth_writing(delta, total);
}

}  // namespace

Result<PlacementIndex> read_placement_index_cached(const Platform& platform,
                                                   const std::map<std::string, writer::StateStore*>& stores,
                                                   const std::filesystem::path& path,
                                                   std::vector<std::string>& warnings,
                                                   PlacementPathsUse* use) {
  if (path.empty()) return read_placement_index(platform, stores);
  PlacementPathsUse counted;
  PlacementPathsCache before = read_cache(path, warnings);
  PlacementPathsCache after;
  PlacementIndex index;
  bool whole = false;
  std::size_t delta = 0;
  for (const GitStateStore& config : platform.stores) {
    const std::string key = store_folder_key(config);
    auto cached = before.folders.find(key);
    CachedPlacementFolder known;
    if (cached != before.folders.end()) known = std::move(cached->second);
    auto paths =
        read_paths(*stores.at(config.name), writer::join_path({config.path}), std::move(known), counted);
    if (!paths) return paths.error();
    for (const std::string& file : paths->folder.keys) index.add_path(platform, config, file);
    if (paths->folder.tree_id.empty()) continue;
    whole = whole || paths->whole;
    delta += paths->delta;
    after.folders.emplace(key, std::move(paths->folder));
  }
  counted.written = worth_writing(before, after, whole, delta);
  if (use) *use = counted;
  if (counted.written) (void)write_placement_paths_cache(path, after);
  return index;
}

Status write_placement_paths_cache(const std::filesystem::path& path, const PlacementPathsCache& cache) {
  return write_cache_file(path, encode_placement_paths_cache(cache), kFormat,
                          FaultPoint::kPlacementPathsCacheWrite);
}

}  // namespace ferry::runner
