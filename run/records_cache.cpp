// The records cache's entries in the fields of core/cache_file.h (records_cache.h): every field of an
// ObjectRecord, so that a record taken from the cache equals the one parse_record gives for its file.
#include "run/records_cache.h"

#include <algorithm>

#include "core/cache_file.h"
#include "core/field_count.h"
#include "core/file_text.h"

namespace ferry::runner {
namespace {

constexpr CacheFormat kFormat{"ferry-records-cache", "records cache", kRecordsCacheVersion};

// Every member of these structs is encoded below. A member added to one of them fails here: encode and
// decode it, bump kRecordsCacheVersion, set it in full_record() of tests/run/records_cache_test.cpp, and
// then change the count (run_state.cpp's record JSON has the same guard).
static_assert(field_count<ObjectRecord>() == 18);
static_assert(field_count<PlacementReport>() == 10);
static_assert(field_count<CommitReport>() == 4);
static_assert(field_count<RevisionRecord>() == 2);
static_assert(field_count<UpgradeRecord>() == 7);
static_assert(field_count<CachedFolder>() == 3);  // tree id, blob ids, records: each in encode_records_cache

constexpr std::string PlacementReport::*kPlacementFields[] = {
    &PlacementReport::destination, &PlacementReport::pipeline,  &PlacementReport::directory,
    &PlacementReport::path,        &PlacementReport::misplaced, &PlacementReport::moved_from,
    &PlacementReport::policy,      &PlacementReport::location,  &PlacementReport::placement_state,
    &PlacementReport::moved_reason};

constexpr std::string ObjectRecord::*kRecordFields[] = {
    &ObjectRecord::kind,           &ObjectRecord::name,         &ObjectRecord::namespace_,
    &ObjectRecord::promise,        &ObjectRecord::input_digest, &ObjectRecord::message,
    &ObjectRecord::status_message, &ObjectRecord::status_yaml,  &ObjectRecord::last_run,
    &ObjectRecord::object_yaml,    &ObjectRecord::health_digest};

constexpr std::string UpgradeRecord::*kUpgradeFields[] = {
    &UpgradeRecord::binding_version, &UpgradeRecord::last_applied_version,
    &UpgradeRecord::failed_version,  &UpgradeRecord::condition,
    &UpgradeRecord::message,         &UpgradeRecord::binding_name};

void encode_record(FieldEncoder& out, const ObjectRecord& record) {
  for (auto field : kRecordFields) out.field(record.*field);
  out.number(static_cast<long>(record.result));
  out.number(record.status_beside);
  out.number(record.retry_at ? 1 : 0);
  if (record.retry_at) out.field(*record.retry_at);
  out.number(static_cast<long>(record.placements.size()));
  for (const PlacementReport& placement : record.placements) {
    for (auto field : kPlacementFields) out.field(placement.*field);
  }
  out.number(static_cast<long>(record.commits.size()));
  for (const CommitReport& commit : record.commits) {
    for (const std::string* s : {&commit.store, &commit.branch, &commit.sha}) out.field(*s);
    out.number(static_cast<long>(commit.drift_restored.size()));
    for (const std::string& path : commit.drift_restored) out.field(path);
  }
  out.number(static_cast<long>(record.revisions.size()));
  for (const RevisionRecord& revision : record.revisions) {
    out.field(revision.version);
    out.field(revision.digest);
  }
  for (auto field : kUpgradeFields) out.field(record.upgrade.*field);
  out.number(static_cast<long>(record.upgrade.labels.size()));
  for (const auto& [key, value] : record.upgrade.labels) {
    out.field(key);
    out.field(value);
  }
}

// The labels of a request's binding (UpgradeRecord::labels).
bool decode_labels(FieldDecoder& in, Labels& labels) {
  long count = 0;
  if (!in.number(count) || count < 0) return false;
  for (long i = 0; i < count; ++i) {
    std::string key, value;
    if (!in.field(key) || !in.field(value)) return false;
    labels.emplace(std::move(key), std::move(value));
  }
  return true;
}

// Reads `count` entries with `read_one` into `items`; false on a malformed count or entry.
template <typename T, typename Read>
bool decode_list(FieldDecoder& in, std::vector<T>& items, Read read_one) {
  long count = 0;
  if (!in.number(count) || count < 0) return false;
  items.reserve(static_cast<std::size_t>(count));
  for (long i = 0; i < count; ++i) {
    if (!read_one(items.emplace_back())) return false;
  }
  return true;
}

bool decode_commit(FieldDecoder& in, CommitReport& commit) {
  for (std::string* s : {&commit.store, &commit.branch, &commit.sha})
    if (!in.field(*s)) return false;
  return decode_list(in, commit.drift_restored, [&](std::string& path) { return in.field(path); });
}

bool decode_record(FieldDecoder& in, ObjectRecord& record) {
  for (auto field : kRecordFields)
    if (!in.field(record.*field)) return false;
  long result = 0;
  bool retry = false;
  if (!in.number(result) || result < 0 || result > static_cast<long>(RequestResult::paused) ||
      !in.flag(record.status_beside) || !in.flag(retry))
    return false;
  record.result = static_cast<RequestResult>(result);
  if (retry && !in.field(record.retry_at.emplace())) return false;
  const auto placement = [&](PlacementReport& p) {
    for (auto field : kPlacementFields)
      if (!in.field(p.*field)) return false;
    return true;
  };
  const auto revision = [&](RevisionRecord& r) { return in.field(r.version) && in.field(r.digest); };
  if (!decode_list(in, record.placements, placement) ||
      !decode_list(in, record.commits, [&](CommitReport& c) { return decode_commit(in, c); }) ||
      !decode_list(in, record.revisions, revision))
    return false;
  for (auto field : kUpgradeFields)
    if (!in.field(record.upgrade.*field)) return false;
  return decode_labels(in, record.upgrade.labels);
}

}  // namespace

std::string encode_records_cache(const RecordsCache& cache) {
  FieldEncoder out;
  out.number(static_cast<long>(cache.folders.size()));
  for (const auto& [folder, cached] : cache.folders) {
    out.field(folder);
    out.field(cached.tree_id);
    out.number(static_cast<long>(cached.blob_ids.size()));
    for (const auto& [path, blob_id] : cached.blob_ids) {
      out.field(path);
      out.field(blob_id);
      const auto record = cached.records.find(path);
      out.number(record == cached.records.end() ? 0 : 1);
      if (record != cached.records.end()) encode_record(out, record->second);
    }
  }
  return framed_cache_text(kFormat, out.text());
}

namespace {

// One folder's files: path, blob id, and the record of each record file.
bool decode_folder(FieldDecoder& in, CachedFolder& cached) {
  long files = 0;
  if (!in.field(cached.tree_id) || !in.number(files) || files < 0) return false;
  for (long i = 0; i < files; ++i) {
    std::string path, blob_id;
    bool has_record = false;
    if (!in.field(path) || !in.field(blob_id) || !in.flag(has_record)) return false;
    // The files come in path order (encode_records_cache writes a map's): each goes at the end, with no
    // search of the 10,000 paths before it (a hint that is wrong, in a cache written otherwise, only costs
    // that search).
    if (has_record &&
        !decode_record(in, cached.records.emplace_hint(cached.records.end(), path, ObjectRecord{})->second))
      return false;
    cached.blob_ids.emplace_hint(cached.blob_ids.end(), std::move(path), std::move(blob_id));
  }
  return true;
}

}  // namespace

Result<RecordsCache> decode_records_cache(const std::string& text) {
  auto body = cache_body(kFormat, text);
  if (!body) return body.error();
  FieldDecoder in(*body);
  RecordsCache cache;
  long folders = 0;
  if (!in.number(folders) || folders < 0) return make_error("truncated");
  for (long f = 0; f < folders; ++f) {
    std::string folder;
    CachedFolder cached;
    if (!in.field(folder) || !decode_folder(in, cached)) return make_error("truncated");
    cache.folders.emplace(std::move(folder), std::move(cached));
  }
  if (!in.done()) return make_error("truncated");
  return cache;
}

Result<std::optional<RecordsCache>> read_records_cache(const std::filesystem::path& path) {
  const std::optional<std::string> text = read_file_text(path);
  if (!text) return std::optional<RecordsCache>();
  auto cache = decode_records_cache(*text);
  if (!cache) return cache.error();
  return std::optional<RecordsCache>(std::move(*cache));
}

namespace {

// The known ids of `cached` (nothing when it is null), its blob ids moved out: the read replaces them.
writer::KnownFolder known_of(CachedFolder* cached) {
  if (cached == nullptr) return {};
  return {cached->tree_id, std::move(cached->blob_ids)};
}

// The record files among `files` parsed into `folder`'s records, counted in `use`.
Status parse_into(const writer::StateStore& store, const std::map<std::string, std::string>& files,
                  CachedFolder& folder, RecordsCacheUse& use) {
  const std::string record_suffix = std::string("/") + kRecordFile;
  for (const auto& [path, text] : files) {
    if (!path.ends_with(record_suffix)) continue;
    auto record = parse_record(text, store.describe() + ":" + path);
    if (!record) return record.error();
    ++use.records_parsed;
    folder.records.insert_or_assign(path, std::move(*record));
  }
  return ok();
}

// `folder` of `store` read through `cached` (null: nothing cached): the records of the files whose blob ids
// are the cached ones taken from it, the others parsed (a delta read: the cached folder changed by it).
// nullopt when a record file the read skipped has no
// cached record (a cache that does not match itself): the caller reads the folder whole.
Result<std::optional<CachedFolder>> read_through(writer::StateStore& store, const char* folder,
                                                 CachedFolder* cached, RecordsCacheUse& use) {
  writer::KnownFolder known = known_of(cached);
  auto read = store.read_folder(folder, known);
  if (!read) return read.error();
  if (read->unchanged && cached) {
    cached->blob_ids = std::move(known.blob_ids);
    return std::optional(std::move(*cached));
  }
  if (read->delta && cached) {
    use.delta_files += read->files.size() + read->removed.size();
    cached->tree_id = read->tree_id;
    cached->blob_ids = std::move(known.blob_ids);
    for (const std::string& gone : read->removed) {
      cached->blob_ids.erase(gone);
      cached->records.erase(gone);
    }
    for (auto& [path, blob_id] : read->blob_ids) {
      cached->blob_ids[path] = std::move(blob_id);
      cached->records.erase(path);
    }
    if (Status parsed = parse_into(store, read->files, *cached, use); !parsed) return parsed.error();
    return std::optional(std::move(*cached));
  }
  if (!read->tree_id.empty()) use.read_whole = true;
  CachedFolder now{read->tree_id, std::move(read->blob_ids), {}};
  if (Status parsed = parse_into(store, read->files, now, use); !parsed) return parsed.error();
  const std::string record_suffix = std::string("/") + kRecordFile;
  for (const auto& [path, blob_id] : now.blob_ids) {
    if (read->files.contains(path) || !path.ends_with(record_suffix)) continue;
    if (cached == nullptr || !cached->records.contains(path)) return std::optional<CachedFolder>();
    now.records.emplace(path, std::move(cached->records.at(path)));
  }
  return std::optional(std::move(now));
}

// Whether `after` keys its folders by other trees than `before`.
bool trees_differ(const std::map<std::string, std::string>& before, const RecordsCache& after) {
  if (before.size() != after.folders.size()) return true;
  for (const auto& [folder, cached] : after.folders) {
    const auto old = before.find(folder);
    if (old == before.end() || old->second != cached.tree_id) return true;
  }
  return false;
}

// Whether `after` has other folders than `before`: one came or went.
bool folders_differ(const std::map<std::string, std::string>& before, const RecordsCache& after) {
  if (before.size() != after.folders.size()) return true;
  return std::any_of(after.folders.begin(), after.folders.end(),
                     [&](const auto& folder) { return !before.contains(folder.first); });
}

// Whether the cache `after`, read through `known` (null: none) whose folders had the trees `before`, is
// worth writing over it (records_cache.h).
bool worth_writing(const RecordsCache* known, const std::map<std::string, std::string>& before,
                   const RecordsCache& after, const RecordsCacheUse& use) {
  if (!known) return true;
  if (!trees_differ(before, after)) return false;
  if (folders_differ(before, after) || use.read_whole) return true;
  std::size_t cached_files = 0;
  for (const auto& [folder, cached] : after.folders) cached_files += cached.blob_ids.size();
  return cache_delta_worth_writing(use.delta_files, cached_files);
}

// Every folder of kRecordFolders read through `known` (null: nothing cached): those the store gives tree
// ids for into `after`, the others into `untreed`.
Status read_folders(writer::StateStore& store, RecordsCache* known, RecordsCache& after,
                    std::vector<CachedFolder>& untreed, RecordsCacheUse& use) {
  for (const char* folder : kRecordFolders) {
    CachedFolder* cached = nullptr;
    if (known && known->folders.contains(folder)) cached = &known->folders.at(folder);
    auto read = read_through(store, folder, cached, use);
    if (!read) return read.error();
    if (!*read) read = read_through(store, folder, nullptr, use);  // the cache did not match itself
    if (!read) return read.error();
    CachedFolder& got = **read;
    if (got.tree_id.empty())
      untreed.push_back(std::move(got));
    else
      after.folders[folder] = std::move(got);
  }
  return ok();
}

}  // namespace

Result<RunState> load_run_state_cached(writer::StateStore& store, const std::filesystem::path& path,
                                       bool read_only, std::vector<std::string>& warnings,
                                       RecordsCacheUse* use) {
  RecordsCacheUse counted;
  RecordsCacheUse& used = use ? *use : counted;
  auto before = read_records_cache(path);
  if (!before)
    warnings.push_back("the records cache " + path.string() + " is not used (" + before.error().message +
                       "); every record was read and the cache is rebuilt");
  RecordsCache* known = before && *before ? &**before : nullptr;
  std::map<std::string, std::string> trees_before;  // folder -> tree id, of the cache read
  if (known)
    for (const auto& [folder, cached] : known->folders) trees_before.emplace(folder, cached.tree_id);
  RecordsCache after;
  std::vector<CachedFolder> untreed;  // of folders the store gives no tree id for
  if (Status read = read_folders(store, known, after, untreed, used); !read) return read.error();
  if (!read_only && worth_writing(known, trees_before, after, used) &&
      (known || !after.folders.empty() || !before)) {
    (void)write_records_cache(path, after);
    used.written = true;
  }
  RunState state;
  // A folder's records come in the order of their paths, which is nearly that of their directories: each is
  // placed at the end without a search, where it belongs there.
  const auto add = [&](CachedFolder& folder) {
    for (auto& [file, record] : folder.records) {
      std::string directory = record.directory();
      state.emplace_hint(state.end(), std::move(directory), std::move(record));
    }
  };
  for (auto& [folder, cached] : after.folders) add(cached);
  for (auto& folder : untreed) add(folder);
  return state;
}

Status write_records_cache(const std::filesystem::path& path, const RecordsCache& cache) {
  return write_cache_file(path, encode_records_cache(cache), kFormat, FaultPoint::kRecordsCacheWrite);
}

}  // namespace ferry::runner
