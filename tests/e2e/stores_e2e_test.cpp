// End to end: the ferry binary writing the demo platform to remote state stores on the real servers of
// ci/git-servers (started once for this binary by tests/writer/git_servers.cpp): the clusters store over
// git://, the observability store over https:// with basic auth from spec.secretRef. Pipelines run with
// --runtime exec (fixtures/exec), so no container engine is needed. Checked with the git CLI on the
// servers' repositories.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/e2e/action_step.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"
#include "tests/writer/git_servers.h"
#include "tests/writer/remote_store_support.h"

namespace ferry {
namespace {

using ferry::testing::FerryArgs;
using ferry::testing::FerryResult;
using ferry::testing::git;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::TempDir;
using ferry::testing::write_file;
using writer::testing_remote::git_servers;
namespace fs = std::filesystem;

class StoresE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(git_servers().started) << git_servers().failure;
    fs::copy(fs::path(FERRY_SOURCE_DIR) / "fixtures/platform", platform(), fs::copy_options::recursive);
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    clusters_ = fs::path(git_servers().at("FERRY_GIT_DAEMON_ROOT")) / (name + "-clusters.git");
    observability_ = fs::path(git_servers().at("FERRY_HTTP_ROOT")) / (name + "-observability.git");
    writer::testing_remote::make_server_repo(clusters_);
    writer::testing_remote::make_server_repo(observability_);
    clusters_url_ = git_servers().at("FERRY_GIT_DAEMON_URL") + "/" + clusters_.filename().string();
    observability_url_ = git_servers().at("FERRY_HTTPS_URL") + "/" + observability_.filename().string();
  }

  fs::path platform() const { return dir.path() / "platform"; }

  // The demo's two stores on the servers; the https one authenticates with the Secret "git-creds".
  void write_stores(const std::string& observability_url, const std::string& extra_spec = "") {
    write_file(platform() / "state-stores.yaml",
               "apiVersion: platform.kratix.io/v1alpha1\nkind: GitStateStore\nmetadata:\n  name: clusters\n"
               "spec:\n  url: " +
                   clusters_url_ +
                   "\n  gitAuthor: {name: ferry-demo, email: demo@example.com}\n"
                   "---\napiVersion: platform.kratix.io/v1alpha1\nkind: GitStateStore\nmetadata:\n"
                   "  name: observability\nspec:\n  url: " +
                   observability_url + "\n  path: fleet\n" + extra_spec);
  }
  void write_password(const std::string& password) {
    write_file(dir.path() / "secrets/git-creds/username", git_servers().at("FERRY_HTTP_USER"));
    write_file(dir.path() / "secrets/git-creds/password", password);
  }

  // `ferry <command> <platform> <args>` with the stores' options; stdout and stderr kept apart.
  FerryResult ferry(const std::string& command, const FerryArgs& args = {}) {
    return run_ferry(FerryArgs{command, platform().string(), "--runtime", "exec", "--exec-config",
                               std::string(FERRY_SOURCE_DIR) + "/fixtures/exec/ferry-exec.yaml",
                               "--secrets-dir", (dir.path() / "secrets").string(), "--store-cache-dir",
                               (dir.path() / "cache").string(), "--store-ca-bundle",
                               git_servers().at("FERRY_CA_BUNDLE")} +
                     args);
  }

  static std::map<std::string, std::string> results(const std::string& json) {
    const auto report = nlohmann::json::parse(json, nullptr, false);
    std::map<std::string, std::string> out;
    if (report.is_discarded()) return out;
    for (const auto& r : report["requests"])
      out[r["namespace"].get<std::string>() + "/" + r["name"].get<std::string>()] = r["result"];
    return out;
  }

  TempDir dir;
  fs::path clusters_, observability_;
  std::string clusters_url_, observability_url_;
};

TEST_F(StoresE2E, GitDaemonAndHttpsStoresReceiveOneCommitPerRequestAndRepository) {
  write_stores(observability_url_, "  secretRef: {name: git-creds}\n");
  write_password(git_servers().at("FERRY_HTTP_PASSWORD"));
  const FerryResult first = ferry("reconcile", {"--output", "json"});
  ASSERT_EQ(first.exit_code, 0) << first.output << first.error_output;
  EXPECT_EQ(results(first.output), (std::map<std::string, std::string>{{"default/cache-a", "succeeded"},
                                                                       {"default/shop", "succeeded"},
                                                                       {"team-b/blog", "succeeded"},
                                                                       {"team-b/cache-b", "succeeded"}}));
  EXPECT_EQ(git(observability_, "ls-tree -r --name-only main"),
            "fleet/monitoring/resources/default/app/shop/deploy/89948/monitoring/dashboard.yaml\n"
            "fleet/monitoring/resources/team-b/app/blog/deploy/89948/monitoring/dashboard.yaml");
  EXPECT_EQ(git(clusters_, "rev-list --count main"), "5");
  EXPECT_EQ(git(observability_, "rev-list --count main"), "2");
  EXPECT_EQ(git(clusters_, "log -1 --format=%an main"), "ferry-demo");

  // Every workflow again (no recorded state), against what the remote stores hold: nothing to commit.
  const FerryResult second = ferry("reconcile", {"--output", "json", "--no-state"});
  EXPECT_EQ(second.exit_code, 0) << second.output << second.error_output;
  for (const auto& [name, result] : results(second.output)) EXPECT_EQ(result, "unchanged") << name;
  EXPECT_EQ(git(clusters_, "rev-list --count main"), "5");
}

TEST_F(StoresE2E, ExplainReadsPlacementsFromARemoteStore) {
  write_stores(observability_url_, "  secretRef: {name: git-creds}\n");
  write_password(git_servers().at("FERRY_HTTP_PASSWORD"));
  ASSERT_EQ(ferry("reconcile").exit_code, 0);
  const FerryResult explained = ferry("explain", {"--request", "default/shop", "--output", "json"});
  ASSERT_EQ(explained.exit_code, 0) << explained.output << explained.error_output;
  EXPECT_NE(explained.output.find("monitoring"), std::string::npos) << explained.output;
}

// The password, and a token inside a URL, never reach the report (text or JSON) or the log, whether the
// run succeeds or the server refuses the credentials.
TEST_F(StoresE2E, CredentialsNeverAppearInReportsOrLogs) {
  const std::string password = git_servers().at("FERRY_HTTP_PASSWORD");
  write_stores(observability_url_, "  secretRef: {name: git-creds}\n");
  write_password(password);
  for (const char* output : {"text", "json"}) {
    const FerryResult ok = ferry("reconcile", {"--output", output});
    EXPECT_EQ(ok.exit_code, 0) << ok.output << ok.error_output;
    EXPECT_EQ(ok.output.find(password), std::string::npos) << ok.output;
    EXPECT_EQ(ok.error_output.find(password), std::string::npos) << ok.error_output;
  }
  // A run with nothing to do never contacts the store (placements are read on first use), so --force: every
  // object then needs the store, and each fails with the server's refusal (exit 3), the password unsaid.
  const std::string canary = "ferry-canary-token-7Qx2";
  write_password(canary);
  const FerryResult refused = ferry("reconcile", {"--output", "json", "--force"});
  EXPECT_EQ(refused.exit_code, 3) << refused.output << refused.error_output;
  EXPECT_NE(refused.output.find("check the username and password/token"), std::string::npos)
      << refused.output;
  EXPECT_EQ(refused.output.find(canary), std::string::npos) << refused.output;
  EXPECT_EQ(refused.error_output.find(canary), std::string::npos) << refused.error_output;

  std::string in_url = observability_url_;
  in_url.insert(std::string("https://").size(), "ferry:" + canary + "@");
  write_stores(in_url);
  const FerryResult url_refused = ferry("reconcile", {"--output", "text"});
  EXPECT_EQ(url_refused.exit_code, 3) << url_refused.output << url_refused.error_output;
  EXPECT_NE(url_refused.output.find("check the username and password/token"), std::string::npos)
      << url_refused.output;
  EXPECT_EQ(url_refused.output.find(canary), std::string::npos) << url_refused.output;
  EXPECT_EQ(url_refused.error_output.find(canary), std::string::npos) << url_refused.error_output;
  EXPECT_TRUE(writer::testing_remote::files_containing(dir.path() / "cache", canary).empty());
}

TEST_F(StoresE2E, MissingSecretStopsTheRunWithTheWaysToProvideIt) {
  write_stores(observability_url_, "  secretRef: {name: other-creds}\n");
  const FerryResult run = ferry("reconcile");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.error_output.find(
                "state-stores.yaml:16:14: error: GitStateStore \"observability\": secret \"other-creds\" "
                "has no key \"password\" available to ferry: create " +
                (dir.path() / "secrets/other-creds/password").string() +
                " or set FERRY_SECRET_OTHER_CREDS_PASSWORD"),
            std::string::npos)
      << run.error_output;
  EXPECT_EQ(git(clusters_, "rev-parse -q --verify main || true"), "");
}

// docs/github-action.md, "A workflow", as fresh runners run it: each job a new clone of the platform
// repository from the git daemon, no cache, the stores on the servers too. The Action's default `state:
// remote` keeps the records on the platform repository's ferry-state branch (pushed over git:// by ferry's
// remote store), so the second job skips everything, a pull request's plan shows a deletion without writing
// anything, and the third job deletes.
TEST_F(StoresE2E, FreshRunnersOfTheActionKeepTheRecordsOnThePlatformRepository) {
  write_stores(observability_url_, "  secretRef: {name: git-creds}\n");
  write_password(git_servers().at("FERRY_HTTP_PASSWORD"));
  const fs::path origin = fs::path(git_servers().at("FERRY_GIT_DAEMON_ROOT")) / "FreshRunners-platform.git";
  const std::string origin_url = git_servers().at("FERRY_GIT_DAEMON_URL") + "/" + origin.filename().string();
  writer::testing_remote::make_server_repo(origin);
  const fs::path seed = dir.path() / "seed";
  fs::create_directories(seed);
  fs::copy(platform(), seed / "platform", fs::copy_options::recursive);
  const auto shell = [](const std::string& command) {
    const auto result = ferry::testing::run(command);
    EXPECT_EQ(result.exit_code, 0) << command << "\n" << result.output;
  };
  const std::string in_seed = "cd " + shell_quote(seed.string()) + " && ";
  shell(in_seed + "git init -q -b main && git add -A && git commit -qm platform && git push -q " +
        origin_url + " main");
  const std::string args = "--exec-config " + std::string(FERRY_SOURCE_DIR) +
                           "/fixtures/exec/ferry-exec.yaml" + " --secrets-dir " +
                           (dir.path() / "secrets").string() + " --store-ca-bundle " +
                           git_servers().at("FERRY_CA_BUNDLE");
  // One job: a fresh runner directory (its own store cache), a fresh clone of `branch` as its workspace.
  int job = 0;
  const auto run_job = [&](const std::string& command, const std::string& branch) {
    const fs::path runner = dir.path() / ("runner-" + std::to_string(++job));
    shell("git clone -q -b " + branch + " " + origin_url + " " +
          shell_quote((runner / "workspace").string()));
    return ferry::testing::run_ferry_step(
        runner, {{"command", command},
                 {"platform", "platform"},
                 {"runtime", "exec"},
                 {"args", args + " --store-cache-dir " + (runner / "cache").string()}});
  };
  const auto first = run_job("reconcile", "main");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("4 requests: 4 succeeded"), std::string::npos) << first.output;
  EXPECT_EQ(git(origin, "ls-tree --name-only ferry-state"), "promises\nrequests\nrevisions\nstatus\nstores");

  const auto second = run_job("reconcile", "main");
  ASSERT_EQ(second.exit_code, 0) << second.output;
  EXPECT_NE(second.output.find("4 requests: 4 skipped"), std::string::npos) << second.output;

  // A pull request that removes cache-b: its plan reads the records and shows the deletion.
  shell(in_seed + "git checkout -q -b pr && sed -i '/^---$/,$d' platform/requests/redis.yaml && " +
        "git commit -qam 'remove cache-b' && git push -q " + origin_url + " pr");
  const std::string records_before = git(origin, "rev-parse ferry-state");
  const auto plan = run_job("plan", "pr");
  EXPECT_EQ(plan.exit_code, 0) << plan.output;
  EXPECT_NE(plan.output.find("redis team-b/cache-b: would be deleted"), std::string::npos) << plan.output;
  EXPECT_EQ(git(origin, "rev-parse ferry-state"), records_before);

  shell(in_seed + "git checkout -q main && git merge -q pr && git push -q " + origin_url + " main");
  const auto third = run_job("reconcile", "main");
  ASSERT_EQ(third.exit_code, 0) << third.output;
  EXPECT_NE(third.output.find("deleted  team-b/cache-b"), std::string::npos) << third.output;
  EXPECT_EQ(git(clusters_, "ls-tree -r --name-only main worker-dev/resources/team-b"), "");
}

}  // namespace
}  // namespace ferry
