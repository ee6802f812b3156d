// End to end: the platform read from a Git repository at a ref (a file:// URL, then the real git daemon and
// https server of ci/git-servers, started once for this binary), its recorded state kept on the branch
// ferry-state of that same repository. Pipelines run with --runtime exec. Checked with the git CLI.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"
#include "tests/writer/git_servers.h"
#include "tests/writer/remote_store_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::FerryResult;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::write_file;
using writer::testing_remote::git_servers;
namespace fs = std::filesystem;

class PlatformGitE2E : public ferry::testing::PlatformFixture {
 protected:
  // fixtures/platform committed on main in a work tree (platform()), pushed to a bare repository.
  void SetUp() override {
    PlatformFixture::SetUp();
    sh("cd " + shell_quote(platform().string()) +
       " && git init -q -b main && git add -A && git commit -q -m platform");
    push_to(repo());
  }
  fs::path repo() const { return dir.path() / "platform.git"; }
  std::string url() const { return "file://" + repo().string(); }

  static void sh(const std::string& command) {
    const auto result = run(command);
    ASSERT_EQ(result.exit_code, 0) << command << "\n" << result.output;
  }
  void push_to(const fs::path& bare) {
    if (!fs::exists(bare)) sh("git init -q --bare -b main " + shell_quote(bare.string()));
    sh("git -C " + shell_quote(platform().string()) + " push -q " + shell_quote(bare.string()) + " main");
  }
  // cache-b's size changes, in a new commit on main.
  void change_cache_b(const fs::path& bare) {
    std::string redis = read_file(platform() / "requests/redis.yaml");
    redis.replace(redis.find("size: large"), 11, "size: small");
    write_file(platform() / "requests/redis.yaml", redis);
    sh("git -C " + shell_quote(platform().string()) + " commit -q -am 'cache-b is small'");
    push_to(bare);
  }

  // `[env] ferry <command> <target> --store-cache-dir CACHE <args>` run in `cwd`; stdout and stderr kept
  // apart.
  FerryResult ferry(const std::string& command, const std::string& target, const FerryArgs& args = {},
                    const std::map<std::string, std::string>& env = {}, const fs::path& cwd = "/") {
    return run_ferry(FerryArgs{command, target, "--store-cache-dir", (dir.path() / "cache").string()} + args,
                     {.env = env, .cwd = cwd});
  }
  // The commits of the ferry-state branch that record a run: one a run. The fixture's App requests write to
  // two stores, so each also gets a journal commit before and after its commits (docs/reliability.md,
  // "Multi-repository requests"); those are left out, and none may be left on the branch.
  static std::string run_records(const fs::path& repo) {
    EXPECT_EQ(git(repo, "ls-tree --name-only ferry-state journal/"), "") << "a journal entry was left behind";
    return git(repo, "rev-list --count --invert-grep --grep='^ferry journal:' ferry-state");
  }
  static std::map<std::string, std::string> results(const std::string& json) {
    const auto report = nlohmann::json::parse(json, nullptr, false);
    return report.is_discarded() ? std::map<std::string, std::string>{} : results_by_name(report);
  }
  std::string tips(const fs::path& platform_repo) const {
    return git(clusters(), "rev-parse main") + " " + git(observability(), "rev-parse main") + " " +
           git(platform_repo, "rev-parse ferry-state");
  }
};

TEST_F(PlatformGitE2E, AFileUrlPlatformIsReconciledAndItsStateKeptOnABranchOfIt) {
  const FerryResult first =
      ferry("reconcile", url(), FerryArgs{"--platform-ref", "main", "--output", "json"} + exec_runtime());
  ASSERT_EQ(first.exit_code, 0) << first.output << first.error_output;
  EXPECT_EQ(results(first.output), (std::map<std::string, std::string>{{"default/cache-a", "succeeded"},
                                                                       {"default/shop", "succeeded"},
                                                                       {"team-b/blog", "succeeded"},
                                                                       {"team-b/cache-b", "succeeded"}}));
  EXPECT_EQ(git(clusters(), "rev-list --count main"), "5");
  EXPECT_EQ(git(observability(), "rev-list --count main"), "2");
  EXPECT_EQ(git(repo(), "ls-tree -r --name-only ferry-state -- requests/redis/team-b"),
            "requests/redis/team-b/cache-b/record.json");
  EXPECT_EQ(git(repo(), "rev-parse main"), git(platform() / ".git", "rev-parse main"));  // main untouched
  EXPECT_FALSE(fs::exists(repo() / ".ferry"));

  // Nothing changed: every object skipped, no commit anywhere (the state branch included).
  const std::string before = tips(repo());
  const FerryResult second = ferry("reconcile", url(), FerryArgs{"--output", "json"} + exec_runtime());
  ASSERT_EQ(second.exit_code, 0) << second.output << second.error_output;
  for (const auto& [name, result] : results(second.output)) EXPECT_EQ(result, "skipped") << name;
  EXPECT_EQ(tips(repo()), before);

  // A new commit on the platform branch changes one request: only it runs again.
  change_cache_b(repo());
  const FerryResult third = ferry("reconcile", url(), FerryArgs{"--output", "json"} + exec_runtime());
  ASSERT_EQ(third.exit_code, 0) << third.output << third.error_output;
  EXPECT_EQ(results(third.output), (std::map<std::string, std::string>{{"default/cache-a", "skipped"},
                                                                       {"default/shop", "skipped"},
                                                                       {"team-b/blog", "skipped"},
                                                                       {"team-b/cache-b", "succeeded"}}));
  EXPECT_EQ(git(clusters(), "rev-list --count main"), "6");
  EXPECT_EQ(run_records(repo()), "2");

  // ferry status reads the same default state.
  const FerryResult status = ferry("status", url(), {"team-b/cache-b", "--output", "json"});
  EXPECT_EQ(status.exit_code, 0) << status.error_output;
  EXPECT_NE(status.output.find("\"name\": \"cache-b\""), std::string::npos) << status.output;
}

TEST_F(PlatformGitE2E, AWorkTreeKeepsItsStateOnABranchAndARunHoldingItsLockStopsAnother) {
  ASSERT_EQ(ferry("reconcile", platform().string(), exec_runtime()).exit_code, 0);
  EXPECT_EQ(run_records(platform() / ".git"), "1");
  EXPECT_FALSE(fs::exists(platform() / ".ferry"));
  // The test holds the lock as a running reconcile would.
  const fs::path lock = platform() / ".git/ferry-state.lock";
  const ferry::testing::HeldLock holding(lock);
  const auto held =
      run_ferry(FerryArgs{"reconcile", platform().string()} + exec_runtime(), {.merge_stderr = true});
  EXPECT_EQ(held.exit_code, 1) << held.output;
  EXPECT_EQ(held.output, "error: another ferry run is using the state " + (platform() / ".git").string() +
                             " (branch ferry-state) (lock " + lock.string() +
                             "); wait for it to finish, or give this run its own state with --state DIR\n");
}

TEST_F(PlatformGitE2E, AMissingRepositoryOrRefIsOneLine) {
  const std::string missing = "file://" + (dir.path() / "none.git").string();
  const FerryResult no_repo = ferry("reconcile", missing, exec_runtime());
  EXPECT_EQ(no_repo.exit_code, 1);
  EXPECT_EQ(no_repo.error_output, "error: platform " + missing + "@main: no repository at " +
                                      (dir.path() / "none.git").string() + "\nferry: 1 error(s) in " +
                                      missing + "@main; nothing was run or written\n");
  const FerryResult no_ref =
      ferry("plan", url(), FerryArgs{"--platform-ref", "refs/heads/nope"} + exec_runtime());
  EXPECT_EQ(no_ref.exit_code, 1);
  EXPECT_EQ(no_ref.error_output,
            "error: platform " + url() +
                "@nope: no branch \"nope\" there, or it holds no files; name the branch with "
                "--platform-ref\nferry: 1 error(s) in " +
                url() + "@nope; nothing was planned\n");
  const FerryResult unreachable = ferry("validate", "git://127.0.0.1:1/platform.git");
  EXPECT_EQ(unreachable.exit_code, 1);
  EXPECT_EQ(
      unreachable.output + unreachable.error_output,
      "error: platform git://127.0.0.1:1/platform.git@main: cannot reach git://127.0.0.1:1/platform.git: "
      "connection refused\nferry: 1 error(s) in git://127.0.0.1:1/platform.git@main\n");
  const FerryResult not_git = ferry("validate", (dir.path() / "state").string(), {"--platform-ref", "main"});
  EXPECT_EQ(not_git.exit_code, 1);
  EXPECT_EQ(not_git.error_output, "error: --platform-ref main needs a Git repository, and " +
                                      (dir.path() / "state").string() + " is not one\n");
}

TEST_F(PlatformGitE2E, ABadFileIsNamedByItsPathInTheRepository) {
  write_file(platform() / "requests/x.yaml",
             "apiVersion: example.com/v1\nkind: Thing\nmetadata:\n  name: [\n");
  sh("git -C " + shell_quote(platform().string()) + " add -A && git -C " + shell_quote(platform().string()) +
     " commit -q -m bad");
  push_to(repo());
  const FerryResult bad = ferry("validate", url());
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(
      bad.output,
      "requests/x.yaml:5:1: error: invalid YAML: end of sequence flow not found\nferry: 1 error(s) in " +
          url() + "@main\n");
}

TEST_F(PlatformGitE2E, OverTheGitDaemonWithStateOnItsBranch) {
  ASSERT_TRUE(git_servers().started) << git_servers().failure;
  const fs::path served = fs::path(git_servers().at("FERRY_GIT_DAEMON_ROOT")) / "platform-e2e.git";
  fs::remove_all(served);
  writer::testing_remote::make_server_repo(served);
  push_to(served);
  const std::string daemon_url = git_servers().at("FERRY_GIT_DAEMON_URL") + "/platform-e2e.git";
  // Relative store paths of a network platform are relative to the current directory.
  const FerryResult first =
      ferry("reconcile", daemon_url, FerryArgs{"--output", "json"} + exec_runtime(), {}, platform());
  ASSERT_EQ(first.exit_code, 0) << first.output << first.error_output;
  EXPECT_EQ(run_records(served), "1");
  change_cache_b(served);
  const FerryResult second =
      ferry("reconcile", daemon_url, FerryArgs{"--output", "json"} + exec_runtime(), {}, platform());
  ASSERT_EQ(second.exit_code, 0) << second.output << second.error_output;
  EXPECT_EQ(results(second.output)["team-b/cache-b"], "succeeded");
  EXPECT_EQ(results(second.output)["default/cache-a"], "skipped");
  EXPECT_EQ(run_records(served), "2");
}

TEST_F(PlatformGitE2E, WrongCredentialsForAnHttpsPlatformAreOneLine) {
  ASSERT_TRUE(git_servers().started) << git_servers().failure;
  const fs::path served = fs::path(git_servers().at("FERRY_HTTP_ROOT")) / "platform-e2e.git";
  fs::remove_all(served);
  writer::testing_remote::make_server_repo(served);
  push_to(served);
  const std::string https_url = git_servers().at("FERRY_HTTPS_URL") + "/platform-e2e.git";
  const FerryArgs args = FerryArgs{"--store-ca-bundle", git_servers().at("FERRY_CA_BUNDLE")} + exec_runtime();
  const std::string user = git_servers().at("FERRY_HTTP_USER");
  const FerryResult ok = ferry("plan", https_url, args,
                               {{"FERRY_PLATFORM_USERNAME", user},
                                {"FERRY_PLATFORM_PASSWORD", git_servers().at("FERRY_HTTP_PASSWORD")}},
                               platform());
  EXPECT_EQ(ok.exit_code, 0) << ok.output << ok.error_output;
  const FerryResult refused =
      ferry("plan", https_url, args,
            {{"FERRY_PLATFORM_USERNAME", user}, {"FERRY_PLATFORM_PASSWORD", "wrong"}}, platform());
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.error_output, "error: platform " + https_url + "@main: authentication failed for " +
                                      https_url +
                                      ": check the username and password/token\nferry: 1 error(s) in " +
                                      https_url + "@main; nothing was planned\n");
}

}  // namespace
}  // namespace ferry
