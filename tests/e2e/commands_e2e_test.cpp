// End to end: `ferry validate` and `ferry status` on a copy of fixtures/platform, and action.yml's ferry
// step run by bash as GitHub would run it (the set-up and build steps skipped: the binary is built).
#include <gtest/gtest.h>

#include <regex>

#include "tests/e2e/action_step.h"
#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::run_ferry_step;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

class CommandsE2E : public ferry::testing::PlatformFixture {
 protected:
  std::string p() const { return platform().string(); }
  // `ferry <args>`; its output is stdout only unless `merge_stderr`.
  static ferry::testing::FerryResult ferry_run(const FerryArgs& args, bool merge_stderr = false) {
    return run_ferry(args, {.merge_stderr = merge_stderr});
  }
  // The fixture's two stores as empty bare repositories, as after `git init --bare`.
  void make_stores() const {
    for (const char* store : {"clusters", "observability"}) {
      const auto made =
          run("git init -q --bare " + shell_quote((dir.path() / "state" / store).string() + ".git"));
      ASSERT_EQ(made.exit_code, 0) << made.output;
    }
  }
  void break_a_destination() const {
    write_file(platform() / "destinations/broken.yaml",
               "apiVersion: platform.kratix.io/v1alpha1\nkind: Destination\nmetadata:\n  name: x\nspec:\n  "
               "path: x\n");
  }
  // Timestamps and commit ids change with every run: "<time>" and "<sha>" instead.
  static std::string normalized(const std::string& text) {
    const std::string times =
        std::regex_replace(text, std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"), "<time>");
    return std::regex_replace(times, std::regex("[0-9a-f]{40}"), "<sha>");
  }
};

TEST_F(CommandsE2E, ValidateCountsAValidPlatformAndWritesNothing) {
  make_stores();
  const auto result = ferry_run({"validate", p()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.output,
            "ferry: " + p() + " is valid: 2 Promises, 4 requests, 3 Destinations, 2 state stores\n");
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
}

// A store path that is not there yet is created by the first reconcile (a typo would be too): validate
// warns. A file:// store is never created: an error.
TEST_F(CommandsE2E, ValidateWarnsOfStoresNotThereYetAndRefusesAMissingFileStore) {
  const auto fresh = ferry_run({"validate", p()});
  EXPECT_EQ(fresh.exit_code, 0);
  EXPECT_NE(
      fresh.output.find(p() + "/state-stores.yaml:8:8: warning: GitStateStore \"clusters\": " +
                        (dir.path() / "state/clusters.git").string() +
                        " does not exist yet; the first reconcile creates it (check the URL if that is not "
                        "what you meant)\n"),
      std::string::npos)
      << fresh.output;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "state"));
  std::string stores = read_file(platform() / "state-stores.yaml");
  stores.replace(stores.find("../state/observability.git"), 26, "file:///nonexistent/obs.git");
  write_file(platform() / "state-stores.yaml", stores);
  const auto missing = ferry_run({"validate", p()});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.output.find(
                p() + "/state-stores.yaml:19:8: error: GitStateStore \"observability\": "
                      "/nonexistent/obs.git does not exist, and ferry does not create file:// stores; "
                      "create it (git init --bare) or fix the URL\n"),
            std::string::npos)
      << missing.output;
}

TEST_F(CommandsE2E, ValidateListsEachErrorAtItsFileLineAndColumn) {
  break_a_destination();
  const auto result = ferry_run({"validate", p()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output, p() +
                               "/destinations/broken.yaml:6:3: error: missing required field "
                               "\"spec.stateStoreRef\"\n"
                               "ferry: 1 error(s) in " +
                               p() + "\n");
}

TEST_F(CommandsE2E, ValidateAsJson) {
  make_stores();
  EXPECT_EQ(nlohmann::json::parse(ferry_run({"validate", "-o", "json", p()}).output),
            nlohmann::json::parse(R"({"format_version": 1, "valid": true, "errors": [], "warnings": []})"));
  break_a_destination();
  const auto result = ferry_run({"validate", "--output", "json", p()});
  EXPECT_EQ(result.exit_code, 1);
  const nlohmann::json expected = {{"format_version", 1},
                                   {"valid", false},
                                   {"errors",
                                    {{{"file", p() + "/destinations/broken.yaml"},
                                      {"line", 6},
                                      {"column", 3},
                                      {"message", "missing required field \"spec.stateStoreRef\""}}}},
                                   {"warnings", nlohmann::json::array()}};
  EXPECT_EQ(nlohmann::json::parse(result.output), expected) << result.output;
}

TEST_F(CommandsE2E, ValidateAnnotatesUnderGitHubActionsAndRefusesABadCommandLine) {
  break_a_destination();
  const auto result =
      run_ferry({"validate", p()}, {.env = {{"GITHUB_ACTIONS", "true"}}, .merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("::error file=" + p() +
                               "/destinations/broken.yaml,line=6,col=3::missing "
                               "required field \"spec.stateStoreRef\"\n"),
            std::string::npos)
      << result.output;
  EXPECT_EQ(ferry_run({"validate", "--output", "xml", p()}, true).exit_code, 2);
}

TEST_F(CommandsE2E, StatusBeforeAnyRunSaysNoRunHasRecordedState) {
  const auto result = ferry_run({"status", p()}, true);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output, "error: no run has recorded state at " + p() +
                               "/.ferry/state.git yet; run ferry reconcile first, or name the state with "
                               "--state DIR\n");
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
}

TEST_F(CommandsE2E, StatusAfterAReconcileListsEveryObject) {
  ASSERT_EQ(reconcile().first, 0);
  const auto result = ferry_run({"status", p()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(
      normalized(result.output),
      "unchanged  Promise app  last run <time>\n"
      "succeeded  Promise redis  last run <time>  on worker-dev\n"
      "succeeded  default/shop (App, Promise app)  last run <time>  on monitoring, worker-prod  status: "
      "Resource requested\n"
      "succeeded  team-b/blog (App, Promise app)  last run <time>  on monitoring, worker-prod  status: "
      "Resource requested\n"
      "succeeded  default/cache-a (redis, Promise redis)  last run <time>  on worker-dev  status: redis "
      "cache-a is small\n"
      "succeeded  team-b/cache-b (redis, Promise redis)  last run <time>  on worker-dev  status: redis "
      "cache-b is large\n"
      "2 Promises: 1 succeeded, 1 unchanged\n"
      "4 requests: 4 succeeded\n");
}

TEST_F(CommandsE2E, StatusOfOneRequestShowsItsWholeRecord) {
  ASSERT_EQ(reconcile().first, 0);
  const auto result = ferry_run({"status", p(), "default/cache-a"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(normalized(result.output),
            "default/cache-a (redis, Promise redis)\n"
            "  result: succeeded\n"
            "  last run: <time>\n"
            "  status: redis cache-a is small\n"
            "  conditions: ConfigureWorkflowCompleted True (PipelinesExecutedSuccessfully), Reconciled True "
            "(Reconciled), WorksSucceeded True (WorksSucceeded), PromiseAvailable True (PromiseAvailable)\n"
            "  binding: version latest, lastAppliedVersion v0.1.0\n"  // docs/lifecycle.md
            "  binding name: cache-a-redis-5fbab\n"
            "  binding labels: kratix.io/promise-name=redis, kratix.io/resource-name=cache-a\n"
            "  placed instance-configure group . on worker-dev at "
            "worker-dev/resources/default/redis/cache-a/instance-configure/5058f\n"
            "  committed <sha> to clusters@main\n");
}

// Run inside the platform directory, a request's name alone is enough; KIND/NAMESPACE/NAME tells apart two
// kinds that share a name.
TEST_F(CommandsE2E, StatusTakesARequestAloneAndAKindToTellNamesApart) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const auto alone = run_ferry({"status", "default/cache-a"}, {.cwd = platform()});
  EXPECT_EQ(alone.exit_code, 0) << alone.error_output;
  EXPECT_TRUE(alone.output.starts_with("default/cache-a (redis, Promise redis)\n")) << alone.output;
  const auto with_kind = run_ferry({"status", "redis/default/cache-a"}, {.cwd = platform()});
  EXPECT_EQ(with_kind.output, alone.output);
  const auto other_kind = run_ferry({"status", "App/default/cache-a"}, {.cwd = platform()});
  EXPECT_EQ(other_kind.exit_code, 1);
  EXPECT_NE(other_kind.error_output.find("no request \"App/default/cache-a\" in the state recorded at "),
            std::string::npos)
      << other_kind.error_output;
}

TEST_F(CommandsE2E, StatusAsJsonHoldsTheRecords) {
  ASSERT_EQ(reconcile().first, 0);
  const auto all = nlohmann::json::parse(ferry_run({"status", "-o", "json", p()}).output);
  EXPECT_EQ(all["format_version"], 1);
  ASSERT_EQ(all["promises"].size(), 2u) << all.dump(2);
  ASSERT_EQ(all["requests"].size(), 4u) << all.dump(2);
  EXPECT_EQ(all["requests"][0]["name"], "shop");
  const auto one = nlohmann::json::parse(ferry_run({"status", "-o", "json", p(), "team-b/cache-b"}).output);
  ASSERT_EQ(one["requests"].size(), 1u) << one.dump(2);
  EXPECT_EQ(one["promises"].size(), 0u);
  EXPECT_EQ(one["requests"][0]["result"], "succeeded");
  EXPECT_EQ(one["requests"][0]["placements"][0]["destination"], "worker-dev");
  EXPECT_EQ(one["requests"][0]["status"]["message"], "redis cache-b is large");
  EXPECT_EQ(one["requests"][0]["status"]["workflowsSucceeded"], 1);
}

TEST_F(CommandsE2E, StatusOfAnUnknownRequestIsAnError) {
  ASSERT_EQ(reconcile().first, 0);
  const auto result = ferry_run({"status", p(), "default/nope"}, true);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output,
            "error: no request \"default/nope\" in the state recorded at " + p() +
                "/.ferry/state.git; ferry status without a name lists every recorded object\n");
}

TEST_F(CommandsE2E, StatusReadsTheStateWhileAReconcileHoldsItsLock) {
  const std::string state = (dir.path() / "elsewhere/state.git").string();
  ASSERT_EQ(reconcile({"--state", state}).first, 0);
  // The test holds the lock as a running reconcile would.
  const ferry::testing::HeldLock lock(state + ".lock");
  const auto result = ferry_run({"status", p(), "--state", state}, true);
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("4 requests: 4 succeeded\n"), std::string::npos) << result.output;
}

TEST_F(CommandsE2E, TheActionsFerryStepReconcilesAndSetsTheOutputs) {
  const auto result = run_ferry_step(
      dir.path(), {{"platform", p()}, {"args", "--jobs 2"}, {"state", ".ferry-state/state.git"}});
  EXPECT_EQ(result.exit_code, 0) << result.output;
  const std::string outputs = read_file(dir.path() / "outputs");
  EXPECT_NE(outputs.find("changed=true\ncommits=7\n"), std::string::npos) << outputs;
  EXPECT_NE(outputs.find("\nprocess-exit-code=0\n"), std::string::npos) << outputs;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "workspace/.ferry-state/state.git")) << result.output;
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
}

// A pull request's plan: the diff in the job summary, `changed` set, nothing written (no state either).
TEST_F(CommandsE2E, TheActionsFerryStepPlansWithADiffInTheSummary) {
  const auto result = run_ferry_step(
      dir.path(), {{"command", "plan"}, {"platform", p()}, {"state", ".ferry-state/state.git"}});
  EXPECT_EQ(result.exit_code, 0) << result.output;
  const std::string outputs = read_file(dir.path() / "outputs");
  EXPECT_NE(outputs.find("changed=true\nexit-code=0\nprocess-exit-code=0\n"), std::string::npos) << outputs;
  const std::string summary = read_file(dir.path() / "summary.md");
  EXPECT_EQ(summary.rfind("## ferry plan\n\n7 file(s) to add, 0 to change, 0 to delete.\n", 0), 0u)
      << summary;
  EXPECT_NE(summary.find("### worker-dev (clusters, main)\n\n```diff\n--- /dev/null\n"), std::string::npos)
      << summary;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "workspace/.ferry-state"));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "state"));
}

}  // namespace
}  // namespace ferry
