// DiskPipelineCache: entries survive the object, damaged ones are misses with a warning, the size bound
// evicts the least recently used, and concurrent writers of one key leave a whole entry.
#include "pipeline/pipeline_cache.h"

#include <gtest/gtest.h>

#include <thread>

#include "pipeline/pipeline_cache_entry.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;

const std::string kKey = std::string(64, 'a');
const std::vector<ProducedFile> kFiles = {{"output", "a.yaml", "a: 1\n"},
                                          {"output", "dir/", ""},
                                          {"output", "dir/b\nc", std::string("\0\xff\n", 3)},
                                          {"metadata", "status.yaml", "ready: true\n"}};

class DiskCache : public ::testing::Test {
 protected:
  DiskPipelineCache cache(std::uintmax_t max_bytes = kDefaultPipelineCacheBytes) {
    return DiskPipelineCache(dir.path() / "pipelines", max_bytes,
                             [this](const std::string& w) { warnings.push_back(w); });
  }
  fs::path entry(const std::string& key) const { return dir.path() / "pipelines" / (key + ".entry"); }
  TempDir dir;
  std::vector<std::string> warnings;
};

TEST(CacheEntry, RoundTripsAnyBytes) {
  EXPECT_EQ(parse_cache_entry(format_cache_entry(kKey, kFiles), kKey), kFiles);
  EXPECT_EQ(parse_cache_entry(format_cache_entry(kKey, {}), kKey), std::vector<ProducedFile>{});
}

TEST(CacheEntry, DamageTruncationAndAnotherKeyAreRefused) {
  const std::string text = format_cache_entry(kKey, kFiles);
  EXPECT_EQ(parse_cache_entry(text, std::string(64, 'b')), std::nullopt);
  for (std::size_t cut : {std::size_t{0}, std::size_t{10}, text.size() / 2, text.size() - 1}) {
    EXPECT_EQ(parse_cache_entry(text.substr(0, cut), kKey), std::nullopt) << cut;
  }
  std::string flipped = text;
  flipped[text.find("a: 1")] = 'b';
  EXPECT_EQ(parse_cache_entry(flipped, kKey), std::nullopt);
}

TEST_F(DiskCache, StoredEntrySurvivesTheCacheObject) {
  EXPECT_EQ(cache().load(kKey), std::nullopt);
  cache().store(kKey, kFiles);
  EXPECT_EQ(cache().load(kKey), kFiles);
  EXPECT_TRUE(warnings.empty());
  for (const auto& e : fs::directory_iterator(dir.path() / "pipelines")) {
    EXPECT_EQ(e.path().filename().string(), kKey + ".entry");  // no temporary file left
  }
}

TEST_F(DiskCache, DamagedEntryIsAMissWithAWarningAndIsRemoved) {
  cache().store(kKey, kFiles);
  const std::string text = format_cache_entry(kKey, kFiles);
  ferry::testing::write_file(entry(kKey), text.substr(0, text.size() / 2));  // half-written
  EXPECT_EQ(cache().load(kKey), std::nullopt);
  EXPECT_EQ(warnings, std::vector<std::string>{"pipeline cache entry " + entry(kKey).string() +
                                               " is damaged or incomplete; ignored and removed"});
  EXPECT_FALSE(fs::exists(entry(kKey)));
  cache().store(kKey, kFiles);
  EXPECT_EQ(cache().load(kKey), kFiles);
}

TEST_F(DiskCache, OldestEntriesAreEvictedBeyondTheBound) {
  const std::uintmax_t entry_size = format_cache_entry(kKey, kFiles).size();
  DiskPipelineCache bounded = cache(2 * entry_size);
  const std::string first(64, '1'), second(64, '2'), third(64, '3');
  bounded.store(first, kFiles);
  bounded.store(second, kFiles);
  const auto old = fs::file_time_type::clock::now() - std::chrono::hours(2);
  fs::last_write_time(entry(first), old);
  fs::last_write_time(entry(second), old - std::chrono::hours(1));
  ASSERT_TRUE(bounded.load(second));  // a hit makes it the most recently used
  bounded.store(third, kFiles);
  EXPECT_FALSE(fs::exists(entry(first)));
  EXPECT_TRUE(fs::exists(entry(second)));
  EXPECT_TRUE(fs::exists(entry(third)));
}

TEST_F(DiskCache, StaleTemporaryFilesAreRemoved) {
  cache().store(kKey, kFiles);
  const fs::path stale = dir.path() / "pipelines" / (".tmp-1-0-" + kKey);
  const fs::path fresh = dir.path() / "pipelines" / (".tmp-2-0-" + kKey);
  ferry::testing::write_file(stale, "half");
  ferry::testing::write_file(fresh, "half");
  fs::last_write_time(stale, fs::file_time_type::clock::now() - std::chrono::hours(2));
  cache().store(std::string(64, 'c'), kFiles);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(fresh));  // perhaps another process still writing it
}

TEST_F(DiskCache, ConcurrentWritersOfOneKeyLeaveAWholeEntry) {
  std::vector<std::thread> writers;
  for (int i = 0; i < 8; ++i) {
    writers.emplace_back([this, i] {
      DiskPipelineCache mine = cache();
      std::vector<ProducedFile> files = kFiles;
      files[0].content = std::string(100000, static_cast<char>('a' + i));
      for (int round = 0; round < 5; ++round) {
        mine.store(kKey, files);
        EXPECT_TRUE(mine.load(kKey));
      }
    });
  }
  for (auto& writer : writers) writer.join();
  EXPECT_TRUE(cache().load(kKey));
  EXPECT_TRUE(warnings.empty());
}

}  // namespace
}  // namespace ferry::pipeline
