// The placement paths cache (docs/load-cache.md, "The placement paths cache"): the paths of every file of
// each GitStateStore's folder as the last run read them (through what the index reads), with the folder's
// Git tree id, kept in a checksummed file beside the load cache. The placement index (placement_index.h)
// needs only the paths; with them known, a store whose folder has the tree summarised is not read at all, and
// one whose tree moved is read as a delta against it (writer::StateStore::read_folder): a run after a commit
// of one request reads the trees on that request's path and its few blobs, not every bundle file of the
// store. A cache that is corrupt, foreign or of another version is not trusted: it reads as an error, and the
// caller reads every store whole and rebuilds it with a warning.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "placement/placement_index.h"
#include "platform/platform.h"
#include "writer/state_store.h"

namespace ferry::runner {

// What the cache knows of one store's folder: its Git tree id and the key (kept_key in the source: the path
// through what the index reads, then an md5 of the rest) of every file below it that the index reads,
// sorted. No blob id: the keys are not the files' paths, so StateStore::read_folder could never match one.
struct CachedPlacementFolder {
  std::string tree_id;
  std::vector<std::string> keys;
};

struct PlacementPathsCache {
  std::map<std::string, CachedPlacementFolder> folders;  // by store_folder_key(): "<store> <folder>"
};

// The format version; a cache of any other is rebuilt. 2: no blob ids.
inline constexpr int kPlacementPathsCacheVersion = 2;

// The cache's text (core/cache_file.h's frame) and back. Errors: "not a ferry placement paths cache",
// "placement paths cache version N, this ferry reads M", "checksum mismatch", "truncated".
std::string encode_placement_paths_cache(const PlacementPathsCache& cache);
Result<PlacementPathsCache> decode_placement_paths_cache(const std::string& text);

// Writes the cache to `path` atomically (fault point placement-paths-cache-write between
// the flushed temporary file and the rename).
Status write_placement_paths_cache(const std::filesystem::path& path, const PlacementPathsCache& cache);

// What read_placement_index_cached read, for tests and measurements.
struct PlacementPathsUse {
  std::size_t folders_unchanged = 0;  // stores whose folder had the cached tree: nothing read
  std::size_t files_read = 0;         // bundle files read (whole reads and deltas)
  bool written = false;               // whether the cache was written
};

// read_placement_index through the cache at `path` ("": none, every store read whole): each store's folder
// read against what the cache knows of it, and the cache rewritten when a folder was read whole or its
// store's folder came or went, or when the files added, changed and removed since the cached trees are
// worth a write (core/cache_file.h's cache_delta_worth_writing, over every folder's keys): a small delta is
// left to be read again by the next run against the same cached tree, which the store still holds. A write
// that fails is ignored: the cache only saves time. A cache that cannot be trusted adds one warning:
//   the placement paths cache <path> is not used (<why>); every store was read and the cache is rebuilt
Result<PlacementIndex> read_placement_index_cached(const Platform& platform,
                                                   const std::map<std::string, writer::StateStore*>& stores,
                                                   const std::filesystem::path& path,
                                                   std::vector<std::string>& warnings,
                                                   PlacementPathsUse* use = nullptr);

}  // namespace ferry::runner
