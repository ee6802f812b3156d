// The records cache (docs/load-cache.md, "The records cache"): the records of the state branch's record
// folders (promises/, requests/) as the last run read them, each folder keyed by the id of its Git tree and
// each record by the blob id of its record.json, kept in a checksummed file beside the load cache. A run
// whose record folders have the trees summarised takes their records from it and reads no record.json; in a
// folder whose tree changed, only the files whose blob ids changed are read and parsed (a run after a commit
// of one record parses that one), and the records of files that went are dropped. The cache is rewritten
// only when that delta is worth saving (cache_delta_worth_writing): a small one is left for the next run
// to read again, against the same cached trees. A
// cache that is corrupt, foreign or of another version is not trusted: it reads as an error, and the caller
// reads every record and rebuilds it with a warning.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "run/run_state.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct CachedFolder {
  std::string tree_id;                          // the folder's Git tree on the state branch
  std::map<std::string, std::string> blob_ids;  // repository-relative path -> blob id, of every file below it
  std::map<std::string, ObjectRecord> records;  // by path: every record.json below it, parsed
  bool operator==(const CachedFolder&) const = default;
};

struct RecordsCache {
  std::map<std::string, CachedFolder> folders;  // by folder: "promises", "requests"
  bool operator==(const RecordsCache&) const = default;
};

// The format version; a cache of any other is rebuilt.
inline constexpr int kRecordsCacheVersion = 4;  // 2: health digests, revisions, upgrade state; 3: a
                                                // request's binding name and labels; 4: records by blob id

// The cache's text (core/cache_file.h's frame) and back. Errors: "not a ferry records cache", "records
// cache version N, this ferry reads M" (M: kRecordsCacheVersion), "checksum mismatch", "truncated".
std::string encode_records_cache(const RecordsCache& cache);
Result<RecordsCache> decode_records_cache(const std::string& text);

// Reads `path`: nullopt when it does not exist, an error when it cannot be trusted.
Result<std::optional<RecordsCache>> read_records_cache(const std::filesystem::path& path);
// Writes `path` atomically (fault point records-cache-write between the flushed temporary file and the
// rename).
Status write_records_cache(const std::filesystem::path& path, const RecordsCache& cache);

// What load_run_state_cached read: the record.json files it parsed (the others came from the cache); the
// files of the delta since the cached trees (read because their blob ids changed, or gone); whether a folder
// with a tree was read whole (no cached tree to read a delta against); whether it wrote the cache.
struct RecordsCacheUse {
  std::size_t records_parsed = 0;
  std::size_t delta_files = 0;
  bool read_whole = false;
  bool written = false;
};

// load_run_state through the records cache at `path`: each record folder whose tree is the one cached is
// taken from the cache; in the others, each record.json whose blob id is the one cached too, and only the
// rest read and parsed (counted in `use` when given). Unless `read_only`, the cache is written when there
// was none, when a folder came or went or was read whole, or when the delta since its trees is worth it
// (core/cache_file.h, cache_delta_worth_writing: the files read or gone since the cached trees, of the cached
// files); a write that fails is ignored: the cache only saves time, and every read through it is right
// whether or not the run before wrote it. A cache that cannot be trusted adds one warning to `warnings`:
//   the records cache <path> is not used (<why>); every record was read and the cache is rebuilt
// Stores that keep no trees (StateStore::read_folder) are read as without the cache.
Result<RunState> load_run_state_cached(writer::StateStore& store, const std::filesystem::path& path,
                                       bool read_only, std::vector<std::string>& warnings,
                                       RecordsCacheUse* use = nullptr);

}  // namespace ferry::runner
