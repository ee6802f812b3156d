// The records cache (run/records_cache.h): its format keeps every field of a record, and a load through it
// gives exactly the records load_run_state reads, reading no record whose folder's tree it has and parsing
// only the records whose blob ids changed, while a stale cache is brought up to date and a corrupt one is
// rebuilt with a warning.
#include "run/records_cache.h"

#include <gtest/gtest.h>

#include "core/cache_file.h"
#include "core/file_text.h"
#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"
#include "writer/memory_state_store.h"

namespace ferry::runner {
namespace {

ObjectRecord record_named(const std::string& name) {
  ObjectRecord record;
  record.kind = "Redis";
  record.name = name;
  record.namespace_ = "team-a";
  record.promise = "redis";
  record.input_digest = "d-" + name;
  record.last_run = "2026-11-22T08:00:00Z";
  record.placements = {{"dev", "instance", ".", "dev/resources/team-a/redis/" + name, "", ""}};
  record.commits = {{"clusters", "main", "abc"}};
  record.object_yaml = "kind: Redis\nmetadata:\n  name: " + name + "\n";
  return record;
}

// Every field set to something other than its default.
ObjectRecord full_record() {
  ObjectRecord record = record_named("full");
  record.result = RequestResult::suspended;
  record.message = "a message\nwith 3:colons:";
  record.status_message = "status";
  record.status_yaml = "message: ok\n";
  record.status_beside = true;
  record.health_digest = "0f1e";
  record.revisions = {{"v1", "sha-1"}, {"v2", "sha-2"}};
  record.upgrade = {"latest",
                    "v1",
                    "v2",
                    "False",
                    "the upgrade to v2 failed",
                    "full-redis-1a2b3",
                    {{"environment", "staging"}, {"kratix.io/promise-name", "redis"}}};
  record.retry_at = "2026-11-22T09:00:00Z";
  record.placements[0].misplaced = "why";
  record.placements[0].moved_from = "old";
  record.placements[0].policy = "web";
  record.placements[0].location = "eu";
  record.placements[0].placement_state = "Bound";
  record.placements[0].moved_reason = "offline";
  record.commits[0].drift_restored = {"a/b.yaml"};
  record.commits.push_back({"other", "main", "def"});
  return record;
}

// A cached folder holding `records` at made-up paths and blob ids, and one file that is no record.
CachedFolder folder_of(const std::string& tree_id, const std::vector<ObjectRecord>& records) {
  CachedFolder folder{tree_id, {{"requests/notes.txt", "b0"}}, {}};
  for (const ObjectRecord& record : records) {
    const std::string path = record.directory() + "/record.json";
    folder.blob_ids[path] = "b-" + record.name;
    folder.records[path] = record;
  }
  return folder;
}

TEST(RecordsCache, ItsTextKeepsEveryFieldOfARecord) {
  RecordsCache cache;
  cache.folders["requests"] = folder_of("0123abcd", {full_record(), record_named("b")});
  cache.folders["promises"] = {"4567", {}, {}};
  auto decoded = decode_records_cache(encode_records_cache(cache));
  ASSERT_TRUE(decoded.ok()) << decoded.error().render();
  EXPECT_EQ(*decoded, cache);
}

// A record read from its JSON (with its status inline, or beside it) comes back from the cache equal, and
// the JSON keeps every field the records cache keeps but the two the record JSON leaves to the report.
TEST(RecordsCache, ARecordReadFromItsJsonComesBackTheSameFromTheCache) {
  for (const bool with_status : {true, false}) {
    SCOPED_TRACE(with_status ? "status inline" : "status beside");
    auto parsed = parse_record(record_json(full_record(), with_status), "full/record.json");
    ASSERT_TRUE(parsed.ok()) << parsed.error().render();
    ObjectRecord expected = full_record();
    expected.placements[0].moved_reason.clear();
    expected.commits[0].drift_restored.clear();
    expected.status_beside = !with_status;
    if (with_status) expected.health_digest.clear();
    if (!with_status) expected.status_yaml.clear();
    EXPECT_EQ(*parsed, expected);
    RecordsCache cache;
    cache.folders["requests"] = folder_of("0123abcd", {*parsed});
    auto decoded = decode_records_cache(encode_records_cache(cache));
    ASSERT_TRUE(decoded.ok()) << decoded.error().render();
    EXPECT_EQ(decoded->folders.at("requests").records.at(parsed->directory() + "/record.json"), *parsed);
  }
}

TEST(RecordsCache, AnUntrustworthyTextSaysWhy) {
  RecordsCache cache;
  cache.folders["requests"] = folder_of("0123abcd", {full_record()});
  std::string text = encode_records_cache(cache);
  std::string flipped = text;
  flipped[text.find("full")] = 'F';
  EXPECT_EQ(decode_records_cache(flipped).error().message, "checksum mismatch");
  EXPECT_EQ(decode_records_cache(text.substr(0, text.size() - 3)).error().message, "truncated");
  EXPECT_EQ(decode_records_cache("ferry-records-cache 9\n").error().message,
            "records cache version 9, this ferry reads 4");
  EXPECT_EQ(decode_records_cache("ferry-load-cache 1\n").error().message, "not a ferry records cache");
}

// A LocalGitRepo whose read_folder calls are counted by whether they read files, and the files they read.
class CountingStore : public writer::StateStore {
 public:
  explicit CountingStore(writer::StateStore& inner) : inner_(inner) {}
  std::string describe() const override { return inner_.describe(); }
  Result<writer::CommitOutcome> apply(const writer::Change& change) override { return inner_.apply(change); }
  Result<std::map<std::string, std::string>> read_files(const std::string& prefix) override {
    ++folders_read;
    return inner_.read_files(prefix);
  }
  Result<writer::FolderRead> read_folder(const std::string& prefix,
                                         const writer::KnownFolder& known) override {
    auto read = inner_.read_folder(prefix, known);
    if (read && !read->unchanged) ++folders_read;
    if (read) files_read += read->files.size();
    return read;
  }
  int folders_read = 0;
  std::size_t files_read = 0;

 private:
  writer::StateStore& inner_;
};

writer::Change records_change(const std::vector<ObjectRecord>& records) {
  RunState after;
  for (const ObjectRecord& record : records) after[record.directory()] = record;
  return run_state_change({}, after, "records\n\nFerry-Run: test\n");
}

class RecordsCacheLoad : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = writer::LocalGitRepo::open(dir_.path() / "state.git", "state");
    ASSERT_TRUE(opened.ok()) << opened.error().render();
    repo_ = std::move(*opened);
    counting_ = std::make_unique<CountingStore>(*repo_);
    ObjectRecord promise;
    promise.kind = "Promise";
    promise.name = "redis";
    promise.promise = "redis";
    promise.object_yaml = "kind: Promise\n";
    ASSERT_TRUE(repo_->apply(records_change({promise, record_named("a"), full_record()})).ok());
  }
  // Loads through the cache; the warnings it gave, and the folders it read, are kept.
  RunState load() {
    counting_->folders_read = 0;
    counting_->files_read = 0;
    warnings_.clear();
    use_ = {};
    auto state = load_run_state_cached(*counting_, cache_path(), false, warnings_, &use_);
    EXPECT_TRUE(state.ok()) << state.error().render();
    return state ? *state : RunState{};
  }
  std::filesystem::path cache_path() const { return dir_.path() / "state.git.records-cache"; }
  RunState uncached() { return load_run_state(*repo_).value(); }

  ferry::testing::TempDir dir_;
  std::unique_ptr<writer::LocalGitRepo> repo_;
  std::unique_ptr<CountingStore> counting_;
  std::vector<std::string> warnings_;
  RecordsCacheUse use_;
};

// The first load reads both folders and writes the cache; the next reads none and gives the same records.
TEST_F(RecordsCacheLoad, AnUnchangedStateIsTakenFromTheCacheWithoutReadingARecord) {
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(counting_->folders_read, 2);
  ASSERT_TRUE(std::filesystem::exists(cache_path()));
  const RunState cached = load();
  EXPECT_EQ(counting_->folders_read, 0);
  EXPECT_EQ(cached, uncached());
  EXPECT_EQ(cached.size(), 3u);
  EXPECT_TRUE(warnings_.empty());
}

// A commit that changes every request record leaves the cache stale: its folder is read again (no warning:
// every run that records something does this), the other is not, and the cache, most of which changed, is
// brought up to date.
TEST_F(RecordsCacheLoad, AStaleCacheIsBroughtUpToDateFromTheChangedFolderOnly) {
  (void)load();
  ObjectRecord changed = record_named("a");
  changed.input_digest = "d-new";
  ObjectRecord full = full_record();
  full.input_digest = "d-full-new";
  ASSERT_TRUE(repo_->apply(records_change({changed, full})).ok());
  const std::string stale = read_file_text(cache_path()).value();
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(counting_->folders_read, 1);
  EXPECT_TRUE(use_.written);
  EXPECT_NE(read_file_text(cache_path()).value(), stale);
  EXPECT_EQ(load()["requests/redis/team-a/a"].input_digest, "d-new");
  EXPECT_EQ(counting_->folders_read, 0);
  EXPECT_TRUE(warnings_.empty());
}

// After a commit that changes one record and removes another, the changed folder's tree is read, but only
// the changed record's file is read and parsed; the removed one is dropped, the others come from the cache.
// That delta is too small to write (kCacheDeltaUnwritten): the next load reads it again.
TEST_F(RecordsCacheLoad, ACommitOfOneRecordParsesThatRecordOnly) {
  std::vector<ObjectRecord> many;
  for (int i = 0; i < 20; ++i) many.push_back(record_named("r" + std::to_string(i)));
  ASSERT_TRUE(repo_->apply(records_change(many)).ok());
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(use_.records_parsed, 23u);
  RunState before = uncached();
  RunState after = before;
  after.at("requests/redis/team-a/r7").input_digest = "d-changed";
  after.erase("requests/redis/team-a/r3");
  ASSERT_TRUE(repo_->apply(run_state_change(before, after, "one\n\nFerry-Run: test\n")).ok());
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(use_.records_parsed, 1u);
  EXPECT_EQ(counting_->files_read, 1u);
  EXPECT_EQ(uncached().size(), 22u);
  EXPECT_TRUE(warnings_.empty());
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(use_.records_parsed, 1u);
  EXPECT_EQ(counting_->folders_read, 1);
}

// A delta of one record of 200 leaves the cache file as it was (bytes and time); the next loads read the same
// delta against the cached trees and give exactly the records, and the delta grows with each commit until it
// passes kCacheDeltaUnwritten: that load writes the cache, and the one after it reads no folder.
TEST_F(RecordsCacheLoad, ASmallDeltaIsNotWrittenAndIsReadAgainUntilItGrowsPastTheThreshold) {
  std::vector<ObjectRecord> many;
  for (int i = 0; i < 200; ++i) many.push_back(record_named("r" + std::to_string(i)));
  ASSERT_TRUE(repo_->apply(records_change(many)).ok());
  EXPECT_EQ(load(), uncached());
  EXPECT_TRUE(use_.written);
  const std::string written = read_file_text(cache_path()).value();
  const auto written_at = std::filesystem::last_write_time(cache_path());
  const auto change = [&](int first, int count, const std::string& digest) {
    std::vector<ObjectRecord> changed;
    for (int i = first; i < first + count; ++i) {
      changed.push_back(record_named("r" + std::to_string(i)));
      changed.back().input_digest = digest;
    }
    ASSERT_TRUE(repo_->apply(records_change(changed)).ok());
  };

  change(7, 1, "d-one");
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(use_.records_parsed, 1u);
  EXPECT_FALSE(use_.written);
  EXPECT_EQ(read_file_text(cache_path()).value(), written);
  EXPECT_EQ(std::filesystem::last_write_time(cache_path()), written_at);
  EXPECT_EQ(load()["requests/redis/team-a/r7"].input_digest, "d-one");
  EXPECT_EQ(use_.records_parsed, 1u);  // the same delta, read again

  change(100, kCacheDeltaUnwritten - 1, "d-some");  // the delta against the cache: 64 files
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(use_.delta_files, kCacheDeltaUnwritten);
  EXPECT_FALSE(use_.written);
  EXPECT_EQ(read_file_text(cache_path()).value(), written);

  change(180, 1, "d-last");
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(use_.delta_files, kCacheDeltaUnwritten + 1);
  EXPECT_TRUE(use_.written);
  EXPECT_NE(read_file_text(cache_path()).value(), written);
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(use_.records_parsed, 0u);
  EXPECT_EQ(counting_->folders_read, 0);
}

// The threshold: more than 64 files, or 1% of the cached files when more, or half the cached files.
TEST(RecordsCacheWrite, ADeltaIsWorthWritingWhenItIsMoreThanTheThresholdOrHalfTheCache) {
  EXPECT_FALSE(cache_delta_worth_writing(1, 10'000));
  EXPECT_FALSE(cache_delta_worth_writing(64, 200));
  EXPECT_TRUE(cache_delta_worth_writing(65, 200));
  EXPECT_FALSE(cache_delta_worth_writing(100, 10'000));
  EXPECT_TRUE(cache_delta_worth_writing(101, 10'000));
  EXPECT_FALSE(cache_delta_worth_writing(1, 3));
  EXPECT_TRUE(cache_delta_worth_writing(2, 3));
}

// A corrupt cache (one byte changed) is not trusted: every record is read, one warning says so, and the
// cache is written again as a fresh one would be, then used.
TEST_F(RecordsCacheLoad, ACorruptCacheIsRebuiltWithAWarning) {
  (void)load();
  const std::string fresh = read_file_text(cache_path()).value();
  std::string corrupt = fresh;
  corrupt[corrupt.find("d-a")] = 'X';
  ASSERT_TRUE(write_file_bytes(cache_path(), corrupt).ok());
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(counting_->folders_read, 2);
  ASSERT_EQ(warnings_.size(), 1u);
  EXPECT_EQ(warnings_[0],
            "the records cache " + cache_path().string() +
                " is not used (checksum mismatch); every record was read and the cache is rebuilt");
  EXPECT_EQ(read_file_text(cache_path()).value(), fresh);
  EXPECT_EQ(load(), uncached());
  EXPECT_EQ(counting_->folders_read, 0);
}

// A store that keeps no trees (in memory) is read as without the cache, and no cache is written.
TEST(RecordsCacheMemory, AStoreWithoutTreesIsReadWhole) {
  ferry::testing::TempDir dir;
  writer::MemoryStateStore store("memory");
  ASSERT_TRUE(store.apply(records_change({record_named("a")})).ok());
  std::vector<std::string> warnings;
  auto state = load_run_state_cached(store, dir.path() / "c.records-cache", false, warnings);
  ASSERT_TRUE(state.ok()) << state.error().render();
  EXPECT_EQ(*state, load_run_state(store).value());
  EXPECT_EQ(state->size(), 1u);
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "c.records-cache"));
}

}  // namespace
}  // namespace ferry::runner
