// End to end: `ferry plan` on a copy of fixtures/platform (pipelines with --runtime exec). A plan shows
// every object's outcome and each Destination's file diff, and writes nothing: no store, no state.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

class PlanE2E : public ferry::testing::PlatformFixture {
 protected:
  // `ferry plan PLATFORM <extra>`: exit code and stdout; stderr left in dir/plan-stderr.
  std::pair<int, std::string> plan(const FerryArgs& extra = {}) {
    const auto result = run_ferry(FerryArgs{"plan", platform().string()} + exec_runtime() + extra);
    write_file(dir.path() / "plan-stderr", result.error_output);
    return {result.exit_code, result.output};
  }
  std::string tips() const {
    return git(clusters(), "rev-parse main") + " " + git(observability(), "rev-parse main") + " " +
           git(platform() / ".ferry/state.git", "rev-parse state");
  }
  // cache-b's size changes and blog is removed.
  void change_and_remove_requests() {
    std::string redis = read_file(platform() / "requests/redis.yaml");
    redis.replace(redis.find("size: large"), 11, "size: small");
    write_file(platform() / "requests/redis.yaml", redis);
    std::string apps = read_file(platform() / "requests/apps.yaml");
    apps.erase(apps.find("---"));
    write_file(platform() / "requests/apps.yaml", apps);
  }
};

TEST_F(PlanE2E, AFirstPlanListsEveryFileAndCreatesNoRepository) {
  auto [code, out] = plan({"--detailed-exitcode"});
  EXPECT_EQ(code, 2) << out << read_file(dir.path() / "plan-stderr");
  EXPECT_NE(out.find("redis default/cache-a: would change\n"), std::string::npos) << out;
  EXPECT_NE(
      out.find("Destination worker-dev (store clusters, branch main):\n"
               "  added    worker-dev/dependencies/redis/5058f/static/redis-dependencies.yaml\n"
               "  added    worker-dev/resources/default/redis/cache-a/instance-configure/5058f/redis.yaml\n"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("\nPlan: 7 file(s) to add, 0 to change, 0 to delete. Nothing was written to the stores "
                     "or the state; "),
            std::string::npos)
      << out;
  EXPECT_FALSE(std::filesystem::exists(clusters()));
  EXPECT_FALSE(std::filesystem::exists(observability()));
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
}

// The pipeline cache is the one thing a plan writes (the plan after it reuses what ran), and it says so.
TEST_F(PlanE2E, APlanNamesThePipelineCacheItWritesAndWritesNoneWithoutIt) {
  const fs::path cache = dir.path() / "cache";
  const ferry::testing::FerryOptions cache_home{{{"XDG_CACHE_HOME", cache.string()}}};
  const auto planned = run_ferry(FerryArgs{"plan", platform().string()} + exec_runtime(), cache_home);
  ASSERT_EQ(planned.exit_code, 0) << planned.error_output;
  EXPECT_NE(
      planned.output.find("to delete. Nothing was written to the stores or the state; pipelines that ran "
                          "keep their results in the pipeline cache " +
                          (cache / "ferry/pipelines").string() +
                          " for the next plan (they ran with KRATIX_DRY_RUN=true: a reconcile runs them "
                          "again).\n"),
      std::string::npos)
      << planned.output;
  EXPECT_TRUE(fs::exists(cache / "ferry/pipelines"));
  fs::remove_all(cache);
  const auto uncached =
      run_ferry(FerryArgs{"plan", platform().string(), "--no-pipeline-cache"} + exec_runtime(), cache_home);
  ASSERT_EQ(uncached.exit_code, 0) << uncached.error_output;
  EXPECT_NE(uncached.output.find("to delete. Nothing was written to the stores or the state.\n"),
            std::string::npos)
      << uncached.output;
  EXPECT_FALSE(fs::exists(cache));
}

// A plan exits as the reconcile after it would (4: a group stays misplaced), says so per object, and puts
// it in the job summary and annotations under GitHub Actions.
TEST_F(PlanE2E, AMisplacedGroupExitsFourAndIsInTheSummaryAndAnnotations) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  std::string workers = read_file(platform() / "destinations/workers.yaml");
  workers.replace(workers.find("environment: dev"), 16, "environment: staging");
  workers +=
      "---\napiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: worker-dev-2\n"
      "  labels:\n    environment: dev\nspec:\n  path: worker-dev-2\n  stateStoreRef:\n"
      "    kind: GitStateStore\n    name: clusters\n";
  write_file(platform() / "destinations/workers.yaml", workers);
  const fs::path summary = dir.path() / "summary.md";
  const auto planned = run_ferry(
      FerryArgs{"plan", platform().string()} + exec_runtime(),
      {.env = {{"GITHUB_ACTIONS", "true"}, {"GITHUB_STEP_SUMMARY", summary.string()}}, .merge_stderr = true});
  EXPECT_EQ(planned.exit_code, 4) << planned.output;
  const std::string misplaced =
      "redis default/cache-a: no change; misplaced: instance-configure group . stays on worker-dev "
      "(Destination "
      "worker-dev no longer matches environment=dev)";
  EXPECT_NE(planned.output.find(misplaced + "\n"), std::string::npos) << planned.output;
  EXPECT_NE(planned.output.find("::warning title="), std::string::npos) << planned.output;
  EXPECT_NE(
      planned.output.find(
          "default/cache-a misplaced::instance-configure group . stays on worker-dev: Destination worker-dev "
          "no longer matches environment=dev"),
      std::string::npos)
      << planned.output;
  EXPECT_NE(read_file(summary).find("- " + misplaced + "\n"), std::string::npos) << read_file(summary);
}

// A plan with a pending object exits 3, as the reconcile after it would.
TEST_F(PlanE2E, APendingObjectExitsThree) {
  std::string redis = read_file(platform() / "promises/redis.yaml");
  redis.replace(redis.find("\nspec:\n"), 7, "\nspec:\n  requiredPromises:\n    - name: database\n");
  write_file(platform() / "promises/redis.yaml", redis);
  auto [code, out] = plan({"--detailed-exitcode"});
  EXPECT_EQ(code, 3) << out;
  EXPECT_NE(out.find("redis default/cache-a: pending: Promise redis is not available: "), std::string::npos)
      << out;
}

TEST_F(PlanE2E, WithoutDetailedExitcodeChangesStillExitZero) {
  EXPECT_EQ(plan().first, 0);
}

TEST_F(PlanE2E, APlanOfAReconciledPlatformIsEmpty) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const std::string before = tips();
  auto [code, out] = plan({"--detailed-exitcode"});
  EXPECT_EQ(code, 0) << out;
  EXPECT_NE(out.find("App default/shop: skipped: unchanged since the recorded run\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("\nPlan: 0 file(s) to add, 0 to change, 0 to delete."), std::string::npos) << out;
  EXPECT_EQ(tips(), before);
}

TEST_F(PlanE2E, AChangedRequestShowsItsDiffAndARemovedOneItsDeletionsWithoutWriting) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const std::string before = tips();
  change_and_remove_requests();
  auto [code, out] = plan({"--detailed-exitcode"});
  EXPECT_EQ(code, 2) << out;
  EXPECT_NE(out.find("redis team-b/cache-b: would change\nApp team-b/blog: would be deleted\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("--- a/worker-dev/resources/team-b/redis/cache-b/instance-configure/5058f/redis.yaml\n"
                     "+++ b/worker-dev/resources/team-b/redis/cache-b/instance-configure/5058f/redis.yaml\n"
                     "@@ -5,4 +5,4 @@ metadata:\n"
                     "   namespace: team-b\n"
                     " data:\n"
                     "   instance: cache-b\n"
                     "-  size: large\n"
                     "+  size: small\n"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find(
          "Destination monitoring (store observability, branch main):\n"
          "  deleted  fleet/monitoring/resources/team-b/app/blog/deploy/89948/monitoring/dashboard.yaml\n"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("\nPlan: 0 file(s) to add, 1 to change, 2 to delete. Nothing was written to the stores "
                     "or the state; "),
            std::string::npos)
      << out;
  EXPECT_EQ(tips(), before);
  // The reconcile that follows does what the plan said.
  auto [reconciled, report] = reconcile(exec_runtime());
  EXPECT_EQ(reconciled, 0);
  EXPECT_EQ(results_by_name(report)["team-b/cache-b"], "succeeded");
  EXPECT_EQ(results_by_name(report)["team-b/blog"], "deleted");
}

TEST_F(PlanE2E, JsonCarriesEveryFileWithItsDiff) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  change_and_remove_requests();
  auto [code, out] = plan({"--output", "json"});
  EXPECT_EQ(code, 0);
  const auto doc = nlohmann::json::parse(out, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << out;
  EXPECT_EQ(doc["format_version"], 1);
  EXPECT_EQ(doc["changes"], true);
  const auto& clusters = doc["stores"][0];
  EXPECT_EQ(clusters["store"], "clusters");
  EXPECT_EQ(clusters["destinations"][0]["destination"], "worker-dev");
  const auto& file = clusters["destinations"][0]["files"][0];
  EXPECT_EQ(file["change"], "modified");
  EXPECT_EQ(file["diff"].get<std::string>().rfind("--- a/worker-dev/resources/team-b/redis/cache-b/", 0), 0u);
}

TEST_F(PlanE2E, BadInputIsAnErrorWithItsLocationAndExitOne) {
  std::string redis = read_file(platform() / "requests/redis.yaml");
  redis.replace(redis.find("size: small"), 11, "size: medium");
  write_file(platform() / "requests/redis.yaml", redis);
  auto [code, out] = plan({"--detailed-exitcode"});
  EXPECT_EQ(code, 1);
  EXPECT_EQ(read_file(dir.path() / "plan-stderr"),
            (platform() / "requests/redis.yaml").string() +
                ":7:9: error: spec.size: must be one of small, large; found \"medium\"\n"
                "ferry: 1 error(s) in " +
                platform().string() + "; nothing was planned\n");
}

// spec.requiredPromises: redis needs a Promise the platform lacks, so its requests wait; app is untouched.
TEST_F(PlanE2E, APromiseWithAMissingRequiredPromiseKeepsItsRequestsPending) {
  std::string redis = read_file(platform() / "promises/redis.yaml");
  redis.replace(redis.find("\nspec:\n"), 7,
                "\nspec:\n  requiredPromises:\n    - name: database\n      version: v2\n");
  write_file(platform() / "promises/redis.yaml", redis);
  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 3) << report.dump(2);
  const std::string why = "requirements not installed: required Promise \"database\" is not in the platform";
  EXPECT_EQ(report["promises"][1]["name"], "redis");
  EXPECT_EQ(report["promises"][1]["result"], "pending");
  EXPECT_EQ(report["promises"][1]["message"], why);
  for (const auto& r : report["requests"]) {
    if (r["promise"] != "redis") {
      EXPECT_EQ(r["result"], "succeeded") << r.dump();
      continue;
    }
    EXPECT_EQ(r["result"], "pending") << r.dump();
    EXPECT_EQ(r["message"], "Promise redis is not available: " + why);
  }
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev/resources"), "");
}

// --max-output-files reaches every pipeline: the app pipeline writes two files, so a limit of one fails it.
TEST_F(PlanE2E, TheOutputLimitsComeFromTheCommandLine) {
  auto [code, out] = plan({"--max-output-files", "1"});
  EXPECT_EQ(code, 3) << out;  // as the reconcile would
  EXPECT_NE(out.find("App default/shop: failed: "), std::string::npos) << out;
  EXPECT_NE(
      out.find("output has more than 1 files: write fewer files or raise the limit (--max-output-files)"),
      std::string::npos)
      << out;
  EXPECT_NE(out.find("redis default/cache-a: would change\n"), std::string::npos) << out;
  EXPECT_EQ(plan({"--max-output-bytes", "0"}).first, 2) << "0 is refused as a bad command line";
}

// --log-format is a global option: before or after the subcommand, every stderr line is one JSON object.
TEST_F(PlanE2E, LogFormatJsonWritesOneJsonObjectPerStderrLine) {
  for (const std::string where : {"before", "after"}) {
    const FerryArgs global = where == "before" ? FerryArgs{"--log-format", "json"} : FerryArgs{};
    const FerryArgs local = where == "after" ? FerryArgs{"--log-format", "json"} : FerryArgs{};
    const auto result = run_ferry(global + FerryArgs{"plan", platform().string()} + exec_runtime() + local);
    ASSERT_EQ(result.exit_code, 0) << result.error_output;
    std::istringstream lines(result.error_output);
    int running = 0;
    for (std::string line; std::getline(lines, line);) {
      const auto entry = nlohmann::json::parse(line, nullptr, false);
      ASSERT_FALSE(entry.is_discarded()) << where << ": " << line;
      EXPECT_EQ(entry["logger"], "ferry");
      EXPECT_EQ(entry["time"].get<std::string>().back(), 'Z');
      if (entry["message"] == "default/cache-a: running resource.configure (1 pipelines)") {
        EXPECT_EQ(entry["level"], "info");
        ++running;
      }
    }
    EXPECT_EQ(running, 1) << where << ": " << result.error_output;
  }
}

// On a terminal (script(1) gives the run one) a progress line is drawn in place and erased before the plan
// prints; through a pipe there is none. The terminal run is not through run_ferry, whose ferry writes to
// pipes: script(1) starts it from a command line.
TEST_F(PlanE2E, OnATerminalAProgressLineIsDrawnAndErasedBeforeTheReport) {
  const FerryArgs args = FerryArgs{"plan", platform().string()} + exec_runtime();
  const auto terminal =
      run("script -qec " + shell_quote(ferry::testing::ferry_command_line(args)) + " /dev/null", false);
  EXPECT_EQ(terminal.exit_code, 0) << terminal.output;
  const auto first = terminal.output.find("\r\033[Kferry: ");
  ASSERT_NE(first, std::string::npos) << terminal.output;
  EXPECT_NE(terminal.output.find(" objects done, ", first), std::string::npos) << terminal.output;
  const auto erased = terminal.output.rfind("\r\033[K");
  const auto report = terminal.output.find("Promise app:");
  EXPECT_LT(erased, report) << terminal.output;
  const auto piped = run_ferry(args, {.merge_stderr = true});
  EXPECT_EQ(piped.output.find("objects done"), std::string::npos) << piped.output;
}

}  // namespace
}  // namespace ferry
