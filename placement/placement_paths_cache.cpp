// The placement paths cache's fields (core/cache_file.h) and the placement index read through it
// (placement_paths_cache.h).
#include "placement/placement_paths_cache.h"

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

bool decode_folder(FieldDecoder& in, writer::KnownFolder& folder) {
  long files = 0;
  if (!in.field(folder.tree_id) || !in.number(files) || files < 0) return false;
  for (long i = 0; i < files; ++i) {
    std::string path, blob_id;
    if (!in.field(path) || !in.field(blob_id)) return false;
    folder.blob_ids.emplace_hint(folder.blob_ids.end(), std::move(path), std::move(blob_id));
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
    out.number(static_cast<long>(folder.blob_ids.size()));
    for (const auto& [path, blob_id] : folder.blob_ids) {
      out.field(path);
      out.field(blob_id);
    }
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
    writer::KnownFolder folder;
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

// `files` (path -> blob id, or any value) kept under their keys (kept_key) in `kept`; paths the index
// ignores are not kept.
template <typename Files>
void keep(const std::string& prefix, const Files& files, std::map<std::string, std::string>& kept,
          bool with_ids) {
  for (const auto& [path, value] : files) {
    if (auto key = kept_key(prefix, path)) kept.insert_or_assign(std::move(*key), with_ids ? value : "");
  }
}

// `store`'s folder read against `known` (moved from; empty: nothing known): the kept key of every file the
// index reads, with its blob id. A store that keeps no trees (StateStore::read_folder's default) gives its
// files and no ids: their keys, each with an empty id, and an empty tree id, so that nothing is cached.
Result<writer::KnownFolder> read_paths(writer::StateStore& store, const std::string& folder,
                                       writer::KnownFolder known, PlacementPathsUse& use) {
  auto read = store.read_folder(folder, known);
  if (!read) return read.error();
  use.files_read += read->files.size();
  if (read->unchanged) {
    ++use.folders_unchanged;
    return known;
  }
  writer::KnownFolder now{read->tree_id, {}};
  if (read->tree_id.empty()) {
    keep(folder, read->files, now.blob_ids, false);
    return now;
  }
  if (!read->delta) {
    keep(folder, read->blob_ids, now.blob_ids, true);
    return now;
  }
  for (const std::string& gone : read->removed) {
    if (auto key = kept_key(folder, gone)) known.blob_ids.erase(*key);
  }
  keep(folder, read->blob_ids, known.blob_ids, true);
  known.tree_id = read->tree_id;
  return known;
}

// The tree id of each folder of `cache`, by key: what tells whether a new cache is worth writing.
std::map<std::string, std::string> trees_of(const PlacementPathsCache& cache) {
  std::map<std::string, std::string> trees;
  for (const auto& [key, folder] : cache.folders) trees.emplace(key, folder.tree_id);
  return trees;
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
  const std::map<std::string, std::string> trees_before = trees_of(before);
  PlacementPathsCache after;
  PlacementIndex index;
  for (const GitStateStore& config : platform.stores) {
    const std::string key = store_folder_key(config);
    auto cached = before.folders.find(key);
    writer::KnownFolder known;
    if (cached != before.folders.end()) known = std::move(cached->second);
    auto paths =
        read_paths(*stores.at(config.name), writer::join_path({config.path}), std::move(known), counted);
    if (!paths) return paths.error();
    for (const auto& [file, blob_id] : paths->blob_ids) index.add_path(platform, config, file);
    if (!paths->tree_id.empty()) after.folders.emplace(key, std::move(*paths));
  }
  if (use) *use = counted;
  if (trees_of(after) != trees_before) (void)write_placement_paths_cache(path, after);
  return index;
}

Status write_placement_paths_cache(const std::filesystem::path& path, const PlacementPathsCache& cache) {
  return write_cache_file(path, encode_placement_paths_cache(cache), kFormat,
                          FaultPoint::kPlacementPathsCacheWrite);
}

}  // namespace ferry::runner
