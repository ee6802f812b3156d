// End to end: the binary as a GitHub Actions step and as a cron job sees it, with GitHub's environment
// variables set by hand and the files they name read back.
#include <gtest/gtest.h>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryResult;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::write_file;

class CiE2E : public ferry::testing::PlatformFixture {
 protected:
  std::string summary() const { return (dir.path() / "summary.md").string(); }
  std::string outputs() const { return (dir.path() / "outputs").string(); }
  std::string metrics() const { return (dir.path() / "ferry.prom").string(); }
  // `ferry reconcile PLATFORM` as a GitHub Actions step would run it.
  FerryResult github_step() const {
    return run_ferry(
        {"reconcile", platform().string(), "--metrics-file", metrics()},
        {.env = {
             {"GITHUB_ACTIONS", "true"}, {"GITHUB_STEP_SUMMARY", summary()}, {"GITHUB_OUTPUT", outputs()}}});
  }
};

TEST_F(CiE2E, AGitHubStepGetsGroupsASummaryAndOutputs) {
  const auto first = github_step();
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("::group::succeeded  default/cache-a (redis, Promise redis)\n"),
            std::string::npos)
      << first.output;
  EXPECT_NE(
      first.output.find("::endgroup::\n2 Promises: 1 succeeded, 1 unchanged\n4 requests: 4 succeeded\n"),
      std::string::npos)
      << first.output;
  const std::string text = read_file(summary());
  EXPECT_NE(text.find("| default/cache-a | redis | succeeded | worker-dev | clusters@"), std::string::npos)
      << text;
  EXPECT_NE(text.find("```mermaid\nflowchart LR\n"), std::string::npos) << text;
  EXPECT_NE(read_file(outputs()).find("changed=true\ncommits=7\nsucceeded=5\nunchanged=1\n"),
            std::string::npos)
      << read_file(outputs());

  // The second step of the same job appends to the same files.
  ASSERT_EQ(github_step().exit_code, 0);
  EXPECT_NE(read_file(outputs()).find("changed=false\ncommits=0\nsucceeded=0\nunchanged=0\nskipped=6\n"),
            std::string::npos)
      << read_file(outputs());
  EXPECT_EQ(read_file(summary()).find("## ferry reconcile"), text.find("## ferry reconcile"));
  EXPECT_NE(read_file(summary()).rfind("## ferry reconcile"), text.find("## ferry reconcile"));
}

TEST_F(CiE2E, BadInputIsAnnotatedAtItsFileAndLine) {
  write_file(
      platform() / "destinations/broken.yaml",
      "apiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: x\nspec:\n  path: x\n");
  const auto result = run_ferry({"reconcile", platform().string()},
                                {.env = {{"GITHUB_ACTIONS", "true"}}, .merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("::error file=" + (platform() / "destinations/broken.yaml").string() +
                               ",line=6,col=3::missing required field \"spec.stateStoreRef\""),
            std::string::npos)
      << result.output;
}

TEST_F(CiE2E, CronGetsAMetricsFileThatKeepsTheLastSuccess) {
  ASSERT_EQ(github_step().exit_code, 0);
  const std::string first = read_file(metrics());
  EXPECT_NE(first.find("ferry_objects{kind=\"request\",result=\"succeeded\"} 4\n"), std::string::npos)
      << first;
  EXPECT_NE(first.find("ferry_last_run_exit_code 0\n"), std::string::npos) << first;
  const auto success_line = first.substr(first.find("ferry_last_success_timestamp_seconds "));
  // A run that cannot start still records itself, and keeps the last success.
  write_file(platform() / "destinations/broken.yaml", "kind: [\n");
  EXPECT_EQ(github_step().exit_code, 1);
  const std::string second = read_file(metrics());
  EXPECT_NE(second.find("ferry_last_run_exit_code 1\n"), std::string::npos) << second;
  EXPECT_NE(second.find(success_line.substr(0, success_line.find('\n') + 1)), std::string::npos) << second;
  EXPECT_EQ(second.find("ferry_objects"), std::string::npos) << second;
}

}  // namespace
}  // namespace ferry
