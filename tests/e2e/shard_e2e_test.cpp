// End to end: two `ferry reconcile --shard I/2` jobs at once over one platform and the same destination
// repositories (as two CI matrix jobs, each with its own state), against one unsharded run of a second copy:
// each request runs in exactly one shard, and the destinations end with the same files.
#include <gtest/gtest.h>

#include <set>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::shell_quote;
using ferry::testing::TempDir;

class ShardE2E : public ferry::testing::PlatformFixture {
 protected:
  std::string shard_command(int index) const {
    const std::string state = (dir.path() / ("state-" + std::to_string(index) + ".git")).string();
    return ferry() + " reconcile --output json " + shell_quote(platform().string()) + exec_runtime() +
           " --shard " + std::to_string(index) + "/2 --state " + shell_quote(state) + " >" +
           shell_quote((dir.path() / ("report-" + std::to_string(index))).string()) + " 2>" +
           shell_quote((dir.path() / ("stderr-" + std::to_string(index))).string());
  }
  nlohmann::json report_of(int index) const {
    return nlohmann::json::parse(read_file(dir.path() / ("report-" + std::to_string(index))), nullptr, false);
  }
  // Every file of the branch with its blob id.
  static std::string files_of(const std::filesystem::path& repo) { return git(repo, "ls-tree -r main"); }
};

TEST_F(ShardE2E, TwoShardsAtOnceRunEachRequestOnceAndWriteWhatOneRunWrites) {
  const auto both = run("(" + shard_command(1) + ") & (" + shard_command(2) +
                        ") & wait %1; a=$?; wait %2; b=$?; "
                        "echo $a $b");
  EXPECT_EQ(both.output, "0 0\n") << read_file(dir.path() / "report-1") << read_file(dir.path() / "stderr-1")
                                  << read_file(dir.path() / "report-2") << read_file(dir.path() / "stderr-2");
  std::multiset<std::string> ran;
  for (int index : {1, 2}) {
    const auto report = report_of(index);
    ASSERT_FALSE(report.is_discarded()) << read_file(dir.path() / ("report-" + std::to_string(index)));
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
  ASSERT_EQ(run(ferry() + " reconcile " + shell_quote((unsharded.path() / "platform").string()) +
                    exec_runtime() + " >/dev/null 2>&1",
                false)
                .exit_code,
            0);
  EXPECT_EQ(files_of(clusters()), files_of(unsharded.path() / "state/clusters.git"));
  EXPECT_EQ(files_of(observability()), files_of(unsharded.path() / "state/observability.git"));
}

TEST_F(ShardE2E, ABadShardIsABadCommandLine) {
  const auto result = run(ferry() + " reconcile " + shell_quote(platform().string()) + " --shard 3/2");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("--shard \"3/2\": expected I/N with 1 <= I <= N <= 10000"), std::string::npos)
      << result.output;
}

}  // namespace
}  // namespace ferry
