// End to end: two `ferry reconcile --shard I/2` jobs at once over one platform and the same destination
// repositories (as two CI matrix jobs, each with its own state), against one unsharded run of a second copy:
// each request runs in exactly one shard, and the destinations end with the same files.
#include <gtest/gtest.h>

#include <future>
#include <set>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::FerryResult;
using ferry::testing::git;
using ferry::testing::run_ferry;
using ferry::testing::TempDir;

class ShardE2E : public ferry::testing::PlatformFixture {
 protected:
  // Shard `index` of 2 with a state of its own, started at once in a thread of its own (run_ferry waits for
  // its process).
  std::future<FerryResult> start_shard(int index) const {
    const std::string state = (dir.path() / ("state-" + std::to_string(index) + ".git")).string();
    const FerryArgs args = FerryArgs{"reconcile", "--output", "json", platform().string()} + exec_runtime() +
                           FerryArgs{"--shard", std::to_string(index) + "/2", "--state", state};
    return std::async(std::launch::async, [args] { return run_ferry(args); });
  }
  // Every file of the branch with its blob id.
  static std::string files_of(const std::filesystem::path& repo) { return git(repo, "ls-tree -r main"); }
};

TEST_F(ShardE2E, TwoShardsAtOnceRunEachRequestOnceAndWriteWhatOneRunWrites) {
  std::future<FerryResult> first = start_shard(1), second = start_shard(2);
  const FerryResult shards[] = {first.get(), second.get()};
  EXPECT_EQ(std::to_string(shards[0].exit_code) + " " + std::to_string(shards[1].exit_code), "0 0")
      << shards[0].output << shards[0].error_output << shards[1].output << shards[1].error_output;
  std::multiset<std::string> ran;
  for (int index : {1, 2}) {
    const auto report = nlohmann::json::parse(shards[index - 1].output, nullptr, false);
    ASSERT_FALSE(report.is_discarded()) << shards[index - 1].output;
    EXPECT_FALSE(report["requests"].empty()) << "shard " << index << " took no request";
    for (const auto& r : report["requests"]) {
      ran.insert(r["namespace"].get<std::string>() + "/" + r["name"].get<std::string>());
      EXPECT_EQ(r["result"], "succeeded") << r.dump();
    }
    EXPECT_EQ(report["promises"].size(), 2u) << "every shard runs the Promises";
  }
  EXPECT_EQ(ran,
            (std::multiset<std::string>{"default/cache-a", "default/shop", "team-b/blog", "team-b/cache-b"}));

  TempDir unsharded;
  std::filesystem::copy(std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures/platform",
                        unsharded.path() / "platform", std::filesystem::copy_options::recursive);
  ASSERT_EQ(
      run_ferry(FerryArgs{"reconcile", (unsharded.path() / "platform").string()} + exec_runtime()).exit_code,
      0);
  EXPECT_EQ(files_of(clusters()), files_of(unsharded.path() / "state/clusters.git"));
  EXPECT_EQ(files_of(observability()), files_of(unsharded.path() / "state/observability.git"));
}

TEST_F(ShardE2E, ABadShardIsABadCommandLine) {
  const auto result = run_ferry({"reconcile", platform().string(), "--shard", "3/2"}, {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("--shard \"3/2\": expected I/N with 1 <= I <= N <= 10000"), std::string::npos)
      << result.output;
}

}  // namespace
}  // namespace ferry
