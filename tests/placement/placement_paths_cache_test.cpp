// The placement paths cache (placement/placement_paths_cache.h): the index read through it is the one
// read_placement_index gives; a store whose folder did not change is not read, one commit of a request is
// read as a delta of its files only, a corrupt cache is rebuilt with a warning, and a store that keeps no
// trees is read whole and not cached.
#include "placement/placement_paths_cache.h"

#include <gtest/gtest.h>

#include "core/cache_file.h"
#include "core/file_text.h"
#include "core/sha256.h"
#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"
#include "writer/memory_state_store.h"

namespace ferry::runner {
namespace {

Platform fleet_platform() {
  Platform p;
  GitStateStore store;
  store.name = "s";
  store.path = "fleet";
  p.stores.push_back(store);
  p.destinations.push_back({"w1", {}, false, "w1", "GitStateStore", "s", {}});
  return p;
}

std::string bundle_path(const std::string& request, const std::string& file) {
  return "fleet/w1/resources/ns/redis/" + request + "/configure/5058f/" + file;
}

writer::Change writes(const std::map<std::string, std::optional<std::string>>& files) {
  writer::Change change;
  change.message = "test\n";
  for (const auto& [path, content] : files) change.files.push_back({path, content});
  return change;
}

// A map of each request's bundles, comparable across reads.
std::map<std::string, std::vector<std::string>> bundles(const PlacementIndex& index) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& [request, list] : index.requests())
    for (const ExistingBundle& b : list)
      out[request].push_back(b.destination + " " + b.pipeline + " " + b.group_id5);
  return out;
}

class PlacementPathsCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = writer::LocalGitRepo::open(dir_.path() / "s.git", "main");
    ASSERT_TRUE(opened.ok()) << opened.error().render();
    repo_ = std::move(*opened);
    std::map<std::string, std::optional<std::string>> files;
    for (int i = 0; i < 20; ++i) {
      files[bundle_path("r" + std::to_string(i), "a.yaml")] = "a" + std::to_string(i);
      files[bundle_path("r" + std::to_string(i), "b.yaml")] = "b" + std::to_string(i);
    }
    files["fleet/w1/dependencies/redis/configure/5058f/x.yaml"] = "x";
    ASSERT_TRUE(repo_->apply(writes(files)).ok());
  }
  PlacementIndex read() {
    warnings_.clear();
    auto index = read_placement_index_cached(platform_, {{"s", repo_.get()}}, cache_path(), warnings_, &use_);
    EXPECT_TRUE(index.ok()) << index.error().render();
    return index ? std::move(*index) : PlacementIndex{};
  }
  PlacementIndex uncached() { return read_placement_index(platform_, {{"s", repo_.get()}}).value(); }
  std::filesystem::path cache_path() const { return dir_.path() / "s.git.placement-paths-cache"; }

  ferry::testing::TempDir dir_;
  std::unique_ptr<writer::LocalGitRepo> repo_;
  Platform platform_ = fleet_platform();
  std::vector<std::string> warnings_;
  PlacementPathsUse use_;
};

TEST_F(PlacementPathsCacheTest, AnUnchangedStoreIsNotReadAndGivesTheSameIndex) {
  const PlacementIndex first = read();
  EXPECT_EQ(bundles(first), bundles(uncached()));
  EXPECT_EQ(bundles(first).size(), 20u);
  EXPECT_EQ(first.promise_dependencies(), uncached().promise_dependencies());
  EXPECT_EQ(use_.files_read, 41u);
  ASSERT_TRUE(std::filesystem::exists(cache_path()));
  const PlacementIndex second = read();
  EXPECT_EQ(use_.folders_unchanged, 1u);
  EXPECT_EQ(use_.files_read, 0u);
  EXPECT_EQ(bundles(second), bundles(uncached()));
  EXPECT_TRUE(warnings_.empty());
}

// One request's bundle changed, another's removed and a third added: the read is a delta of their files.
TEST_F(PlacementPathsCacheTest, ACommitIsReadAsADeltaOfItsFiles) {
  (void)read();
  ASSERT_TRUE(repo_
                  ->apply(writes({{bundle_path("r3", "a.yaml"), "changed"},
                                  {bundle_path("r4", "a.yaml"), std::nullopt},
                                  {bundle_path("r4", "b.yaml"), std::nullopt},
                                  {bundle_path("new", "a.yaml"), "new"}}))
                  .ok());
  const PlacementIndex after = read();
  EXPECT_EQ(use_.files_read, 2u);
  EXPECT_EQ(bundles(after), bundles(uncached()));
  EXPECT_TRUE(after.bundles_of("ns", "redis", "r4").empty());
  EXPECT_EQ(after.bundles_of("ns", "redis", "new").size(), 1u);
  EXPECT_EQ(after.bundles_of("ns", "redis", "r3").size(), 1u);
}

// A delta of a few files is not written: the next run reads it again against the same cached tree, and
// what it adds up to since is the same index; a delta worth a write is written, and then nothing is read.
TEST_F(PlacementPathsCacheTest, ASmallDeltaIsLeftUnwrittenAndReadAgainUntilItIsWorthAWrite) {
  (void)read();
  const std::string cached = read_file_text(cache_path()).value();
  ASSERT_TRUE(repo_
                  ->apply(writes({{bundle_path("r3", "a.yaml"), "changed"},
                                  {bundle_path("r4", "a.yaml"), std::nullopt},
                                  {bundle_path("r4", "b.yaml"), std::nullopt}}))
                  .ok());
  EXPECT_EQ(bundles(read()), bundles(uncached()));
  EXPECT_FALSE(use_.written);
  EXPECT_EQ(read_file_text(cache_path()).value(), cached);
  ASSERT_TRUE(repo_->apply(writes({{bundle_path("new", "a.yaml"), "new"}})).ok());
  const PlacementIndex again = read();
  EXPECT_EQ(use_.files_read, 2u);  // r3's a.yaml and new's, both since the cached tree
  EXPECT_EQ(use_.folders_unchanged, 0u);
  EXPECT_FALSE(use_.written);
  EXPECT_EQ(bundles(again), bundles(uncached()));
  EXPECT_TRUE(again.bundles_of("ns", "redis", "r4").empty());

  std::map<std::string, std::optional<std::string>> many;
  for (std::size_t i = 0; i <= kCacheDeltaUnwritten; ++i)
    many[bundle_path("m" + std::to_string(i), "a.yaml")] = "m";
  ASSERT_TRUE(repo_->apply(writes(many)).ok());
  EXPECT_EQ(bundles(read()), bundles(uncached()));
  EXPECT_TRUE(use_.written);
  EXPECT_EQ(bundles(read()), bundles(uncached()));
  EXPECT_EQ(use_.folders_unchanged, 1u);
  EXPECT_EQ(use_.files_read, 0u);
}

TEST_F(PlacementPathsCacheTest, ACorruptCacheIsRebuiltWithAWarning) {
  (void)read();
  const std::string fresh = read_file_text(cache_path()).value();
  std::string corrupt = fresh;
  corrupt[corrupt.find("r7")] = 'X';
  ASSERT_TRUE(write_file_bytes(cache_path(), corrupt).ok());
  EXPECT_EQ(bundles(read()), bundles(uncached()));
  ASSERT_EQ(warnings_.size(), 1u);
  EXPECT_EQ(warnings_[0],
            "the placement paths cache " + cache_path().string() +
                " is not used (checksum mismatch); every store was read and the cache is rebuilt");
  EXPECT_EQ(read_file_text(cache_path()).value(), fresh);
}

// A pipeline's output file names may carry a secret value (a file named after it): the cache keeps the
// path through the group directory and an md5 of the rest, and the index read through it is the same.
TEST_F(PlacementPathsCacheTest, NoNameBelowABundlesGroupDirectoryIsKept) {
  ASSERT_TRUE(repo_->apply(writes({{bundle_path("r1", "sub/s3cr3t-value.yaml"), "x"}})).ok());
  EXPECT_EQ(bundles(read()), bundles(uncached()));
  const std::string text = read_file_text(cache_path()).value();
  EXPECT_EQ(text.find("s3cr3t"), std::string::npos) << text;
  EXPECT_EQ(text.find("a.yaml"), std::string::npos) << text;
  EXPECT_NE(text.find("fleet/w1/resources/ns/redis/r1/configure/5058f/"), std::string::npos) << text;
  ASSERT_TRUE(repo_
                  ->apply(writes({{bundle_path("r1", "sub/s3cr3t-value.yaml"), std::nullopt},
                                  {bundle_path("r1", "a.yaml"), std::nullopt},
                                  {bundle_path("r1", "b.yaml"), std::nullopt}}))
                  .ok());
  const PlacementIndex after = read();
  EXPECT_TRUE(after.bundles_of("ns", "redis", "r1").empty());
  EXPECT_EQ(bundles(after), bundles(uncached()));
}

TEST(PlacementPathsCacheFormat, RoundTripsAndRefusesOtherVersions) {
  PlacementPathsCache cache;
  cache.folders["s fleet"] = {"tree", {"fleet/a", "fleet/b c"}};
  const std::string text = encode_placement_paths_cache(cache);
  const PlacementPathsCache decoded = decode_placement_paths_cache(text).value();
  ASSERT_EQ(decoded.folders.size(), 1u);
  EXPECT_EQ(decoded.folders.at("s fleet").tree_id, "tree");
  EXPECT_EQ(decoded.folders.at("s fleet").keys, cache.folders.at("s fleet").keys);
  EXPECT_EQ(encode_placement_paths_cache(decoded), text);
  EXPECT_EQ(decode_placement_paths_cache("ferry-placement-paths-cache 9\n").error().message,
            "placement paths cache version 9, this ferry reads 2");
  EXPECT_EQ(decode_placement_paths_cache("ferry-records-cache 4\n").error().message,
            "not a ferry placement paths cache");
  cache.folders["s fleet"].keys = {"fleet/b", "fleet/a"};  // keys out of order: not a cache ferry wrote
  EXPECT_EQ(decode_placement_paths_cache(encode_placement_paths_cache(cache)).error().message, "truncated");
}

// A cache of format 1 (blob ids beside the keys) is another version: not trusted, every store read and
// the cache rebuilt in format 2, with the warning.
TEST_F(PlacementPathsCacheTest, ACacheOfTheFirstFormatIsRebuiltWithAWarning) {
  const std::string v1 = "ferry-placement-paths-cache 1\n1:0";
  ASSERT_TRUE(write_file_bytes(cache_path(), v1 + "\nsha256 " + sha256_hex(v1) + "\n").ok());
  EXPECT_EQ(bundles(read()), bundles(uncached()));
  ASSERT_EQ(warnings_.size(), 1u);
  EXPECT_EQ(warnings_[0],
            "the placement paths cache " + cache_path().string() +
                " is not used (placement paths cache version 1, this ferry reads 2); every store "
                "was read and the cache is rebuilt");
  EXPECT_TRUE(read_file_text(cache_path()).value().starts_with("ferry-placement-paths-cache 2\n"));
}

TEST(PlacementPathsCacheMemory, AStoreWithoutTreesIsReadWholeAndNotCached) {
  ferry::testing::TempDir dir;
  writer::MemoryStateStore store("memory");
  ASSERT_TRUE(store.apply(writes({{bundle_path("r1", "a.yaml"), "a"}})).ok());
  const Platform platform = fleet_platform();
  std::vector<std::string> warnings;
  auto index = read_placement_index_cached(platform, {{"s", &store}}, dir.path() / "c", warnings);
  ASSERT_TRUE(index.ok()) << index.error().render();
  EXPECT_EQ(index->bundles_of("ns", "redis", "r1").size(), 1u);
  auto again = read_placement_index_cached(platform, {{"s", &store}}, dir.path() / "c", warnings);
  EXPECT_EQ(again->bundles_of("ns", "redis", "r1").size(), 1u);
  EXPECT_TRUE(warnings.empty());
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "c"));
}

}  // namespace
}  // namespace ferry::runner
