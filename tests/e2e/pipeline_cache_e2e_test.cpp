// End to end: the pipeline cache across commands. `ferry plan` runs every pipeline with KRATIX_DRY_RUN=true
// (as Kratix's dry run); a second plan serves every one from the cache, but the `ferry reconcile` that
// follows (as on merge after a pull request's plan) runs them again without it, and commits the same trees as
// a reconcile without the cache.
#include <gtest/gtest.h>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run_ferry;

class PipelineCacheE2E : public ferry::testing::PlatformFixture {
 protected:
  FerryArgs options() const {
    return exec_runtime() + FerryArgs{"--pipeline-cache-dir", (dir.path() / "pipeline-cache").string()};
  }
  static int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  }
  // Every object's pipelines_from_cache in a JSON report, summed.
  static int cached_in(const nlohmann::json& report) {
    int n = 0;
    for (const char* kind : {"promises", "requests"}) {
      for (const auto& entry : report[kind]) n += entry.value("pipelines_from_cache", 0);
    }
    return n;
  }
  std::string stderr_text() const { return read_file(dir.path() / "stderr"); }
  std::string trees() const {
    return git(clusters(), "rev-parse main^{tree}") + " " + git(observability(), "rev-parse main^{tree}");
  }
};

TEST_F(PipelineCacheE2E, APlanServesTheNextPlanAndNotTheReconcile) {
  const auto planned = run_ferry(FerryArgs{"plan", platform().string()} + options());
  ASSERT_EQ(planned.exit_code, 0) << planned.output << planned.error_output;
  const std::string plan_log = planned.error_output;
  const int pipelines = count(plan_log, ": running ");
  ASSERT_GT(pipelines, 2) << plan_log;
  EXPECT_EQ(count(plan_log, "served from the pipeline cache"), 0) << plan_log;
  const auto replanned = run_ferry(FerryArgs{"plan", platform().string()} + options());
  ASSERT_EQ(replanned.exit_code, 0) << replanned.output << replanned.error_output;
  EXPECT_EQ(count(replanned.error_output, "served from the pipeline cache"), pipelines)
      << replanned.error_output;

  // The plan's containers saw KRATIX_DRY_RUN=true: its results are not the reconcile's.
  auto [code, report] = reconcile(options());
  ASSERT_EQ(code, 0) << report.dump(2) << stderr_text();
  EXPECT_EQ(count(stderr_text(), "served from the pipeline cache"), 0) << stderr_text();
  EXPECT_EQ(cached_in(report), 0) << report.dump(2);
  const std::string uncached_trees = trees();

  // The same platform reconciled again from scratch: the reconcile's own results serve every pipeline, and
  // it commits the same trees.
  std::filesystem::remove_all(clusters());
  std::filesystem::remove_all(observability());
  std::filesystem::remove_all(platform() / ".ferry");
  auto [cached, cached_report] = reconcile(options());
  ASSERT_EQ(cached, 0) << stderr_text();
  EXPECT_EQ(cached_in(cached_report), pipelines);
  EXPECT_EQ(trees(), uncached_trees);
}

TEST_F(PipelineCacheE2E, ForceRunsEveryPipelineAndTheTextSummaryCountsHits) {
  ASSERT_EQ(reconcile(options()).first, 0) << stderr_text();
  auto [forced, forced_report] = reconcile(options() + FerryArgs{"--force"});
  ASSERT_EQ(forced, 0) << stderr_text();
  EXPECT_EQ(cached_in(forced_report), 0) << forced_report.dump(2);
  const auto text = run_ferry(FerryArgs{"reconcile", "--no-state", platform().string()} + options(),
                              {.merge_stderr = true});
  EXPECT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("    1 pipeline served from the pipeline cache\n"), std::string::npos)
      << text.output;
  EXPECT_NE(text.output.find(" pipelines served from the pipeline cache\n"), std::string::npos)
      << text.output;
}

}  // namespace
}  // namespace ferry
