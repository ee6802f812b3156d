// End to end: the load cache beside the recorded state (docs/load-cache.md) over several runs of the
// binary: a run killed while writing it, a corrupt one, and a run that changes one request file.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/fault_point.h"
#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::FerryOptions;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::write_file;

class LoadCacheE2E : public ferry::testing::PlatformFixture {
 protected:
  std::filesystem::path cache() const { return platform() / ".ferry/state.git.load-cache"; }
  std::filesystem::path records_cache() const { return platform() / ".ferry/state.git.records-cache"; }
  std::filesystem::path paths_cache() const { return platform() / ".ferry/state.git.placement-paths-cache"; }
  // cache-b's size made `size` (a change of one request of the two in its file).
  void resize_cache_b(const std::string& size) {
    std::string text = read_file(platform() / "requests/redis.yaml");
    text.replace(text.rfind("size: "), std::string::npos, "size: " + size + "\n");
    write_file(platform() / "requests/redis.yaml", text);
  }
  // Three requests of the four changed (both caches' sizes toggled, shop's image): a delta of half the
  // records, which the records cache is rewritten for (docs/load-cache.md, "When the caches are written").
  void change_most_requests() {
    std::string redis = read_file(platform() / "requests/redis.yaml");
    for (const std::size_t at : {redis.find("size: "), redis.rfind("size: ")}) {
      const std::size_t end = redis.find('\n', at);
      const bool small = redis.compare(at, end - at, "size: small") == 0;
      redis.replace(at, end - at, small ? "size: large" : "size: small");
    }
    write_file(platform() / "requests/redis.yaml", redis);
    std::string apps = read_file(platform() / "requests/apps.yaml");
    apps.replace(apps.find("nginx:1.27"), 10, "nginx:1.28");
    write_file(platform() / "requests/apps.yaml", apps);
  }
};

// A load cache's entries: its text without the stat index's time (when the load that wrote it started: the
// first field) and the checksum over the whole.
std::string entries_of(const std::string& text) {
  const auto body = text.find('\n') + 1;
  const auto colon = text.find(':', body);
  const auto entries = colon + 1 + std::stoul(text.substr(body, colon - body));
  return text.substr(entries, text.rfind("sha256 ") - entries);
}

// The kill comes after the new cache is flushed to its temporary file, before the rename: the old cache
// stays whole, and the next run, through it, runs the changed request and skips the rest.
TEST_F(LoadCacheE2E, ARunKilledWhileWritingTheCacheLeavesOneTheNextRunUses) {
  if (!fault_points_compiled_in()) GTEST_SKIP() << "built without FERRY_FAULT_POINTS";
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const std::string first_cache = read_file(cache());
  ASSERT_TRUE(first_cache.starts_with("ferry-load-cache 6\n"));

  resize_cache_b("small");
  FerryOptions killed;
  killed.env["FERRY_FAULT_POINT"] = "load-cache-write";
  const auto crash =
      run_ferry(FerryArgs{"reconcile", "--output", "json", platform().string()} + exec_runtime(), killed);
  EXPECT_EQ(crash.exit_code, 128 + 9) << crash.error_output;
  EXPECT_EQ(read_file(cache()), first_cache);

  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  const auto results = results_by_name(report);
  EXPECT_EQ(results.at("team-b/cache-b"), "succeeded");
  EXPECT_EQ(results.at("default/cache-a"), "skipped");
  EXPECT_EQ(results.at("default/shop"), "skipped");
  EXPECT_NE(read_file(cache()), first_cache);
  EXPECT_EQ(read_file(dir.path() / "stderr").find("is not used"), std::string::npos);
}

// The records cache's write killed before its rename (the run that finds most records changed by the one
// before): the old cache stays whole, and the next run, through it, reads the changed folder, skips every
// request and writes the cache, without a warning.
TEST_F(LoadCacheE2E, ARunKilledWhileWritingTheRecordsCacheLeavesOneTheNextRunUses) {
  if (!fault_points_compiled_in()) GTEST_SKIP() << "built without FERRY_FAULT_POINTS";
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const std::string stale = read_file(records_cache());
  change_most_requests();
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  ASSERT_EQ(read_file(records_cache()), stale);

  FerryOptions killed;
  killed.env["FERRY_FAULT_POINT"] = "records-cache-write";
  const auto crash =
      run_ferry(FerryArgs{"reconcile", "--output", "json", platform().string()} + exec_runtime(), killed);
  EXPECT_EQ(crash.exit_code, 128 + 9) << crash.error_output;
  EXPECT_EQ(read_file(records_cache()), stale);

  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  for (const auto& [name, result] : results_by_name(report)) EXPECT_EQ(result, "skipped") << name;
  EXPECT_FALSE(report.contains("state_warnings")) << report.dump();
  EXPECT_NE(read_file(records_cache()), stale);
}

// The placement paths cache's write killed before its rename, in a run that reads the placements after a
// commit (cache-b changed, so it runs): the cache is the one the first run left, and the next run runs
// cache-b again through it, skips the rest, and writes the cache, without a warning.
TEST_F(LoadCacheE2E, ARunKilledWhileWritingThePlacementPathsCacheLeavesOneTheNextRunUses) {
  if (!fault_points_compiled_in()) GTEST_SKIP() << "built without FERRY_FAULT_POINTS";
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const std::string first = read_file(paths_cache());  // the stores' trees before the first commits
  ASSERT_TRUE(first.starts_with("ferry-placement-paths-cache 2\n"));
  resize_cache_b("small");
  FerryOptions killed;
  killed.env["FERRY_FAULT_POINT"] = "placement-paths-cache-write";
  const auto crash =
      run_ferry(FerryArgs{"reconcile", "--output", "json", platform().string()} + exec_runtime(), killed);
  EXPECT_EQ(crash.exit_code, 128 + 9) << crash.error_output;
  EXPECT_EQ(read_file(paths_cache()), first);

  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  const auto results = results_by_name(report);
  EXPECT_EQ(results.at("team-b/cache-b"), "succeeded");
  EXPECT_EQ(results.at("default/cache-a"), "skipped");
  EXPECT_FALSE(report.contains("state_warnings")) << report.dump();
  EXPECT_NE(read_file(paths_cache()), first);
}

// A corrupt cache is one warning, the run skips what it skipped before, and the cache is rebuilt; the run
// after reads it without a warning and writes nothing. The files are first made older than the stat index's
// racy slack (2 s): else the rebuilt cache holds them as racy, and whether the run after writes the cache
// again (to record them as not racy) depends on how long the runs took (it failed under load 9).
TEST_F(LoadCacheE2E, ACorruptCacheIsOneWarningAndIsRebuilt) {
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const std::string good = read_file(cache());
  write_file(cache(), good.substr(0, good.size() / 2));

  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 0);
  for (const auto& [name, result] : results_by_name(report)) EXPECT_EQ(result, "skipped") << name;
  EXPECT_NE(read_file(dir.path() / "stderr")
                .find("warning: the load cache " + cache().string() +
                      " is not used (truncated); every file was parsed and the cache is rebuilt"),
            std::string::npos)
      << read_file(dir.path() / "stderr");
  EXPECT_EQ(entries_of(read_file(cache())), entries_of(good));

  const auto written = std::filesystem::last_write_time(cache());
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  EXPECT_EQ(read_file(dir.path() / "stderr").find("load cache"), std::string::npos);
  EXPECT_EQ(std::filesystem::last_write_time(cache()), written);
}

// A change of the redis Promise checks its two requests again and takes the app Promise's two from the
// cache; the run says so.
TEST_F(LoadCacheE2E, APromiseChangeChecksOnlyItsRequestsAgain) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  std::string promise = read_file(platform() / "promises/redis.yaml");
  promise.replace(promise.find("metadata:\n"), 10, "metadata:\n  annotations: {note: changed}\n");
  write_file(platform() / "promises/redis.yaml", promise);
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  EXPECT_NE(read_file(dir.path() / "stderr")
                .find("ferry: load: 2 requests taken from the load cache, 2 parsed and checked "
                      "(docs/load-cache.md)\n"),
            std::string::npos)
      << read_file(dir.path() / "stderr");
}

// --full-load neither reads nor writes the cache; --no-state has none.
TEST_F(LoadCacheE2E, FullLoadAndNoStateLeaveTheCacheAlone) {
  ASSERT_EQ(reconcile(exec_runtime() + FerryArgs{"--full-load"}).first, 0);
  ASSERT_EQ(reconcile(exec_runtime() + FerryArgs{"--full-load"}).first, 0);
  EXPECT_FALSE(std::filesystem::exists(cache()));
  EXPECT_FALSE(std::filesystem::exists(records_cache()));
  ASSERT_EQ(reconcile(exec_runtime() + FerryArgs{"--no-state"}).first, 0);
  EXPECT_FALSE(std::filesystem::exists(cache()));
}

// The records cache (docs/load-cache.md, "The records cache"): written by the first run that finds records,
// not rewritten by a no-op; a corrupt one is one warning in the report, the run skips what it skipped
// before, and it is rebuilt as it was; the run after one that recorded one request reads that delta
// through it without a warning and leaves it as it was (too small to write); the run after one that
// recorded most requests brings it up to date.
TEST_F(LoadCacheE2E, ACorruptRecordsCacheIsOneWarningAndIsRebuilt) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  ASSERT_TRUE(std::filesystem::exists(records_cache()));
  const std::string good = read_file(records_cache());
  const auto written = std::filesystem::last_write_time(records_cache());
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  EXPECT_EQ(std::filesystem::last_write_time(records_cache()), written);

  write_file(records_cache(), good.substr(0, good.size() / 2));
  // The quiet-run memo (docs/load-cache.md) would print the no-op's report again without reading any cache.
  std::filesystem::remove(platform() / ".ferry/state.git.quiet-run");
  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 0);
  for (const auto& [name, result] : results_by_name(report)) EXPECT_EQ(result, "skipped") << name;
  ASSERT_TRUE(report.contains("state_warnings")) << report.dump();
  EXPECT_EQ(
      report["state_warnings"],
      nlohmann::json::array({"the records cache " + records_cache().string() +
                             " is not used (truncated); every record was read and the cache is rebuilt"}));
  EXPECT_EQ(read_file(records_cache()), good);

  resize_cache_b("small");
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  EXPECT_EQ(read_file(records_cache()), good);  // stale now: the records it read are those before the run
  auto [again, unchanged] = reconcile(exec_runtime());
  EXPECT_EQ(again, 0);
  EXPECT_EQ(read_file(records_cache()), good);  // the delta of one record is read again by each run
  for (const auto& [name, result] : results_by_name(unchanged)) EXPECT_EQ(result, "skipped") << name;
  EXPECT_FALSE(unchanged.contains("state_warnings")) << unchanged.dump();

  change_most_requests();
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  auto [after_most, skipped] = reconcile(exec_runtime());
  EXPECT_EQ(after_most, 0);
  EXPECT_NE(read_file(records_cache()), good);
  for (const auto& [name, result] : results_by_name(skipped)) EXPECT_EQ(result, "skipped") << name;
  EXPECT_FALSE(skipped.contains("state_warnings")) << skipped.dump();
}

}  // namespace
}  // namespace ferry
