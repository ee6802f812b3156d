// End to end: incremental runs of the binary over one platform (docs/state.md). The recorded state lives
// in PLATFORM/.ferry/state.git unless --state says otherwise.
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
using ferry::testing::write_file;

class IncrementalE2E : public ferry::testing::PlatformFixture {
 protected:
  std::filesystem::path state() const { return platform() / ".ferry/state.git"; }
  std::string tips() const {
    return git(clusters(), "rev-parse main") + " " + git(observability(), "rev-parse main") + " " +
           git(state(), "rev-parse state");
  }
};

TEST_F(IncrementalE2E, TheFirstRunRecordsEveryObjectInTheStateRepository) {
  ASSERT_EQ(reconcile().first, 0);
  // Each Promise's revision text (docs/lifecycle.md), named by its digest.
  EXPECT_EQ(git(state(), "ls-tree -r --name-only state revisions/ | sed 's|/[0-9a-f]*\\.yaml$||'"),
            "revisions/app\nrevisions/redis");
  EXPECT_EQ(git(state(), "ls-tree -r --name-only state | grep -v '^revisions/'"),
            "promises/app/record.json\n"
            "promises/redis/record.json\n"
            "requests/app/default/shop/record.json\n"
            "requests/app/team-b/blog/record.json\n"
            "requests/redis/default/cache-a/record.json\n"
            "requests/redis/team-b/cache-b/record.json\n"
            "status/default/app/shop.yaml\n"
            "status/default/redis/cache-a.yaml\n"
            "status/promises/app.yaml\n"
            "status/promises/redis.yaml\n"
            "status/team-b/app/blog.yaml\n"
            "status/team-b/redis/cache-b.yaml\n"
            "stores/clusters/store.json\n"
            "stores/clusters/tip\n"
            "stores/observability/store.json\n"
            "stores/observability/tip");
  const std::string record = git(state(), "show state:requests/redis/default/cache-a/record.json");
  EXPECT_NE(record.find("\"result\": \"succeeded\""), std::string::npos) << record;
  EXPECT_NE(record.find("\"destination\": \"worker-dev\""), std::string::npos) << record;
}

TEST_F(IncrementalE2E, AnUnchangedPlatformRunsNothingAndCommitsNothing) {
  ASSERT_EQ(reconcile().first, 0);
  const std::string before = tips();
  auto [code, report] = reconcile();
  EXPECT_EQ(code, 0);
  for (const auto& [name, result] : results_by_name(report)) EXPECT_EQ(result, "skipped") << name;
  // A skipped request still reports where its groups are, from its record.
  EXPECT_EQ(report["requests"][0]["placements"].size(), 2u) << report.dump(2);
  EXPECT_EQ(tips(), before);
}

// An image rebuilt under the same tag runs the objects of the Promises that name it again (docs/state.md):
// with --runtime exec, an image's digest is that of its mapped script, so editing the script rebuilds it.
TEST_F(IncrementalE2E, AnImageRebuiltUnderTheSameTagRunsItsRequestsAgain) {
  for (const char* fixture : {"exec", "images"}) {
    std::filesystem::copy(std::filesystem::path(FERRY_SOURCE_DIR) / "fixtures" / fixture,
                          dir.path() / fixture, std::filesystem::copy_options::recursive);
  }
  const FerryArgs exec = {"--runtime", "exec", "--exec-config",
                          (dir.path() / "exec/ferry-exec.yaml").string()};
  ASSERT_EQ(reconcile(exec).first, 0) << read_file(dir.path() / "stderr");
  auto [unchanged, skipped] = reconcile(exec);
  ASSERT_EQ(unchanged, 0);
  for (const auto& [name, result] : results_by_name(skipped)) EXPECT_EQ(result, "skipped") << name;
  const std::filesystem::path script = dir.path() / "images/redis-configure/redis-configure.sh";
  write_file(script, read_file(script) + "# rebuilt under the same tag\n");
  auto [code, report] = reconcile(exec);
  EXPECT_EQ(code, 0);
  for (const auto& r : report["requests"]) {
    // The redis requests ran (with the same output, so no commit); the app requests did not.
    EXPECT_EQ(r["result"], r["promise"] == "redis" ? "unchanged" : "skipped") << r.dump();
  }
}

TEST_F(IncrementalE2E, ForceRunsEveryWorkflowAgain) {
  ASSERT_EQ(reconcile().first, 0);
  const std::string clusters_tip = git(clusters(), "rev-parse main");
  auto [code, report] = reconcile({"--force"});
  EXPECT_EQ(code, 0);
  for (const auto& [name, result] : results_by_name(report)) EXPECT_EQ(result, "unchanged") << name;
  EXPECT_EQ(git(clusters(), "rev-parse main"), clusters_tip);
}

TEST_F(IncrementalE2E, AChangedRequestRunsAloneAndARemovedOneIsDeleted) {
  ASSERT_EQ(reconcile().first, 0);
  std::string redis = read_file(platform() / "requests/redis.yaml");
  redis.replace(redis.find("size: small"), 11, "size: large");
  redis.erase(redis.find("---"));  // cache-b is gone
  write_file(platform() / "requests/redis.yaml", redis);

  auto [code, report] = reconcile();
  EXPECT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(results_by_name(report), (std::map<std::string, std::string>{{"default/cache-a", "succeeded"},
                                                                         {"default/shop", "skipped"},
                                                                         {"team-b/blog", "skipped"},
                                                                         {"team-b/cache-b", "deleted"}}));
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev/resources"),
            "worker-dev/resources/default/redis/cache-a/instance-configure/5058f/redis.yaml");
  EXPECT_EQ(git(clusters(), "log -1 --format=%s main"), "Delete from: redis team-b/cache-b");
  EXPECT_EQ(git(state(), "ls-tree -r --name-only state requests/redis"),
            "requests/redis/default/cache-a/record.json");
}

TEST_F(IncrementalE2E, AFailedRequestRunsAgainOnTheNextRunWithTheSameInputs) {
  std::string redis = read_file(platform() / "requests/redis.yaml");
  redis.replace(redis.find("size: small"), 11, "size: small\n  fail: true");
  write_file(platform() / "requests/redis.yaml", redis);
  ASSERT_EQ(reconcile().first, 3);
  auto [code, report] = reconcile();
  EXPECT_EQ(code, 3);
  EXPECT_EQ(results_by_name(report), (std::map<std::string, std::string>{{"default/cache-a", "failed"},
                                                                         {"default/shop", "skipped"},
                                                                         {"team-b/blog", "skipped"},
                                                                         {"team-b/cache-b", "skipped"}}));
}

TEST_F(IncrementalE2E, ASecondRunOnTheSameStateIsRefusedWithAClearMessage) {
  ASSERT_EQ(reconcile().first, 0);
  const std::string lock = state().string() + ".lock";
  // The test holds the lock while the second ferry runs, as a concurrent run would.
  const ferry::testing::HeldLock held(lock);
  const auto result = run_ferry({"reconcile", platform().string()}, {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.output, "error: another ferry run is using the state " + state().string() + " (lock " +
                               lock +
                               "); wait for it to finish, or give this run its own state with --state DIR\n");
}

TEST_F(IncrementalE2E, StateElsewhereAndNoStateLeaveThePlatformDirectoryAlone) {
  const std::string elsewhere = (dir.path() / "ci-cache/state.git").string();
  ASSERT_EQ(reconcile({"--state", elsewhere}).first, 0);
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
  EXPECT_EQ(results_by_name(reconcile({"--state", elsewhere}).second).at("default/shop"), "skipped");
  EXPECT_EQ(results_by_name(reconcile({"--no-state"}).second).at("default/shop"), "unchanged");
  EXPECT_FALSE(std::filesystem::exists(platform() / ".ferry"));
}

TEST_F(IncrementalE2E, ABadReconciliationIntervalIsACommandLineError) {
  const auto result = run_ferry({"reconcile", platform().string(), "--reconciliation-interval", "1d"},
                                {.merge_stderr = true});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.output.find("unknown unit \"d\""), std::string::npos) << result.output;
}

// docs/state.md, "The deletion guard": an emptied platform directory (a wrong path, a bad checkout) would
// delete everything. ferry stops before running anything; allowed, it removes everything it wrote, from
// stores the platform no longer declares too (recorded beside the records), and forgets the records.
TEST_F(IncrementalE2E, AnEmptiedPlatformIsRefusedAndWhenAllowedRemovesEverythingItWrote) {
  const FerryArgs state_option{"--state", (dir.path() / "state.git").string()};
  ASSERT_EQ(reconcile(exec_runtime() + state_option).first, 0);
  const std::string clusters_tip = git(clusters(), "rev-parse main");
  for (const char* entry : {"promises", "requests", "destinations", "state-stores.yaml"})
    std::filesystem::remove_all(platform() / entry);

  const auto refused = run_ferry(FerryArgs{"reconcile", platform().string()} + exec_runtime() + state_option);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(
      refused.error_output.find("this run would delete 6 objects and stopped before running anything: every "
                                "Promise and request the recorded state holds is gone from the platform"),
      std::string::npos)
      << refused.error_output;
  EXPECT_NE(refused.error_output.find("To delete them, run again with --max-deletions 6.\nIt would delete:\n"
                                      "  request default/shop (App, Promise app)\n"),
            std::string::npos)
      << refused.error_output;
  EXPECT_EQ(git(clusters(), "rev-parse main"), clusters_tip);

  auto [code, report] = reconcile(exec_runtime() + state_option + FerryArgs{"--max-deletions", "6"});
  EXPECT_EQ(code, 0) << report.dump(2);
  for (const auto& [name, result] : results_by_name(report)) EXPECT_EQ(result, "deleted") << name;
  EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main"), "");
  EXPECT_EQ(git(observability(), "ls-tree -r --name-only main"), "");
  EXPECT_EQ(git(dir.path() / "state.git", "ls-tree -r --name-only state"), "");
}

// docs/state.md, "A Promise removed before its requests": Kratix deletes a Promise's requests with it. The
// Promise's file is removed, its two request files stay: plan and reconcile delete both requests (bundles
// and records) and then the Promise (its dependencies), and name the files left in one warning, not an
// error per file.
TEST_F(IncrementalE2E, ARemovedPromiseDeletesItsRequestsWithItAndNamesTheirFilesInOneWarning) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  ASSERT_NE(git(clusters(), "ls-tree -r --name-only main").find("redis"), std::string::npos);
  const std::string redis = read_file(platform() / "requests/redis.yaml");
  write_file(platform() / "requests/redis.yaml", redis.substr(0, redis.find("---\n")));
  write_file(platform() / "requests/redis-b.yaml", redis.substr(redis.find("---\n") + 4));
  std::filesystem::remove(platform() / "promises/redis.yaml");
  const std::string warning =
      "warning: Promise redis is no longer in the platform: its requests are deleted with it, as Kratix "
      "deletes them; these request files of it are left and not run (Kratix would have removed them), "
      "delete them: " +
      (platform() / "requests/redis-b.yaml:1:1").string() + ", " +
      (platform() / "requests/redis.yaml:1:1").string() + "\n";

  const auto plan = run_ferry(FerryArgs{"plan", platform().string()} + exec_runtime());
  EXPECT_EQ(plan.exit_code, 0) << plan.error_output;
  EXPECT_NE(plan.error_output.find(warning), std::string::npos) << plan.error_output;
  auto [code, report] = reconcile(exec_runtime());
  const std::string stderr_text = read_file(dir.path() / "stderr");
  EXPECT_EQ(code, 0) << stderr_text;
  EXPECT_EQ(results_by_name(report), (std::map<std::string, std::string>{{"default/cache-a", "deleted"},
                                                                         {"default/shop", "skipped"},
                                                                         {"team-b/blog", "skipped"},
                                                                         {"team-b/cache-b", "deleted"}}));
  ASSERT_EQ(report["promises"].size(), 2u) << report.dump(2);
  EXPECT_EQ(report["promises"][1]["name"], "redis");
  EXPECT_EQ(report["promises"][1]["result"], "deleted");
  const std::size_t first = stderr_text.find(warning);
  EXPECT_NE(first, std::string::npos) << stderr_text;
  EXPECT_EQ(stderr_text.find(warning, first + 1), std::string::npos) << stderr_text;
  EXPECT_EQ(stderr_text.find("no Promise provides"), std::string::npos) << stderr_text;
  for (const auto& store : {clusters(), observability()})
    EXPECT_EQ(git(store, "ls-tree -r --name-only main").find("redis"), std::string::npos) << store;
  EXPECT_EQ(git(state(), "ls-tree -r --name-only state").find("redis"), std::string::npos);
}

// Where a CI step puts the state: a path relative to the working directory, or a directory made ahead.
TEST_F(IncrementalE2E, ARelativeStatePathAndAnEmptyStateDirectoryAreTaken) {
  ferry::testing::FerryOptions in_dir;
  in_dir.cwd = dir.path();
  const auto relative = run_ferry(
      FerryArgs{"reconcile", platform().string(), "--state", "relative.git"} + exec_runtime(), in_dir);
  EXPECT_EQ(relative.exit_code, 0) << relative.error_output;
  EXPECT_EQ(git(dir.path() / "relative.git", "ls-tree --name-only state"),
            "promises\nrequests\nrevisions\nstatus\nstores");

  std::filesystem::create_directories(dir.path() / "made-ahead.git");
  const auto made_ahead = run_ferry(
      FerryArgs{"reconcile", platform().string(), "--state", (dir.path() / "made-ahead.git").string()} +
      exec_runtime());
  EXPECT_EQ(made_ahead.exit_code, 0) << made_ahead.error_output;
  EXPECT_EQ(git(dir.path() / "made-ahead.git", "ls-tree --name-only state"),
            "promises\nrequests\nrevisions\nstatus\nstores");
}

// The report entry of the request named `name`.
nlohmann::json request_named(const nlohmann::json& report, const std::string& name) {
  for (const auto& r : report["requests"])
    if (r["name"] == name) return r;
  return nullptr;
}

// Commits `files` (path -> content) to the clusters repository by hand, as a person with a clone would.
void push_by_hand(const std::filesystem::path& repo, const std::filesystem::path& scratch,
                  const std::map<std::string, std::string>& files) {
  using ferry::testing::shell_quote;
  ASSERT_EQ(
      ferry::testing::run("git clone -q " + shell_quote(repo.string()) + " " + shell_quote(scratch.string()))
          .exit_code,
      0);
  for (const auto& [path, content] : files) write_file(scratch / path, content);
  ASSERT_EQ(ferry::testing::run("cd " + shell_quote(scratch.string()) +
                                " && git add -A && git commit -qm 'by hand' && git push -q origin HEAD:main")
                .exit_code,
            0);
}

// docs/state.md, "Drift": a hand edit pushed to a Destination is seen by plan (exit 2 with
// --detailed-exitcode) and by reconcile (`drifted`, the path named), and put back with --restore-drift (the
// report names each path restored); a file added beside ferry's is not drift and stays.
TEST_F(IncrementalE2E, AHandEditIsDriftThatPlanShowsAndRestoreDriftPutsBack) {
  ASSERT_EQ(reconcile(exec_runtime()).first, 0);
  const std::string bundle = "worker-dev/resources/default/redis/cache-a/instance-configure/5058f";
  const std::string original = git(clusters(), "show main:" + bundle + "/redis.yaml");
  push_by_hand(clusters(), dir.path() / "by-hand",
               {{bundle + "/redis.yaml", "edited: by hand\n"}, {"worker-dev/README.yaml", "note: mine\n"}});

  const auto plan = run_ferry(FerryArgs{"plan", platform().string(), "--detailed-exitcode"} + exec_runtime());
  EXPECT_EQ(plan.exit_code, 2) << plan.output << plan.error_output;
  EXPECT_NE(plan.output.find("redis default/cache-a: drifted: changed by someone else since ferry wrote it "
                             "(--restore-drift puts it back)\n  drift: clusters " +
                             bundle + "/redis.yaml\n"),
            std::string::npos)
      << plan.output;

  auto [code, report] = reconcile(exec_runtime());
  EXPECT_EQ(code, 0) << report.dump(2);
  EXPECT_EQ(results_by_name(report), (std::map<std::string, std::string>{{"default/cache-a", "drifted"},
                                                                         {"default/shop", "skipped"},
                                                                         {"team-b/blog", "skipped"},
                                                                         {"team-b/cache-b", "skipped"}}));
  EXPECT_EQ(request_named(report, "cache-a")["drifted"],
            nlohmann::json::array({"clusters " + bundle + "/redis.yaml"}))
      << report.dump(2);
  EXPECT_EQ(git(clusters(), "show main:" + bundle + "/redis.yaml"), "edited: by hand");

  auto [restored_code, restored] = reconcile(exec_runtime() + FerryArgs{"--restore-drift"});
  EXPECT_EQ(restored_code, 0) << restored.dump(2);
  EXPECT_EQ(results_by_name(restored)["default/cache-a"], "succeeded");
  EXPECT_EQ(request_named(restored, "cache-a")["commits"][0]["drift_restored"],
            nlohmann::json::array({bundle + "/redis.yaml"}))
      << restored.dump(2);
  EXPECT_EQ(git(clusters(), "show main:" + bundle + "/redis.yaml"), original);
  EXPECT_EQ(git(clusters(), "show main:worker-dev/README.yaml"), "note: mine");

  auto [after_code, after] = reconcile(exec_runtime());
  EXPECT_EQ(after_code, 0);
  for (const auto& [name, result] : results_by_name(after)) EXPECT_EQ(result, "skipped") << name;
}
// --jobs above the core count is honoured without a warning of TBB's own on stderr.
TEST_F(IncrementalE2E, MoreJobsThanCoresRunWithoutALibraryWarning) {
  ASSERT_EQ(reconcile(exec_runtime() + FerryArgs{"--jobs", "64"}).first, 0);
  const std::string stderr_text = read_file(dir.path() / "stderr");
  EXPECT_EQ(stderr_text.find("TBB"), std::string::npos) << stderr_text;
}
}  // namespace
}  // namespace ferry
