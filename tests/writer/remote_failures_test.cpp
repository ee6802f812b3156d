// What goes wrong on the server's side: a hook refusing the push, the server gone or dying mid-push. The
// remote keeps the whole commit or none of it, and the next apply converges. Also the cache between runs.
#include <gtest/gtest.h>

#include "tests/writer/remote_server_fixture.h"
#include "writer/remote_git_repo.h"

namespace ferry::writer::testing_remote {
namespace {

using testing::git;
using Failures = RemoteServerTest;

void install_hook(const std::filesystem::path& server, const std::string& body) {
  testing::write_file(server / "hooks" / "pre-receive", "#!/bin/sh\n" + body);
  std::filesystem::permissions(server / "hooks" / "pre-receive", std::filesystem::perms::owner_all);
}

// Restarts whatever ci/git-servers started and is no longer running, even when the test failed midway.
struct RestartServers {
  ~RestartServers() { EXPECT_EQ(run_git_servers("start"), ""); }
};

TEST_F(Failures, PreReceiveHookRefusalCarriesTheHooksMessage) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  const auto tip = git(server, "rev-parse main");
  install_hook(server, "echo 'frozen: the platform team froze this branch' >&2\nexit 1\n");
  auto outcome = store->apply(change_of({{"d", {{"a", "2"}}}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(),
            "cannot push to " + url(Server::kGitDaemon) +
                " (branch main): the server refused the push: refs/heads/main: pre-receive "
                "hook declined; remote: frozen: the platform team froze this branch");
  EXPECT_EQ(git(server, "rev-parse main"), tip);
}

TEST_F(Failures, StoppedServerIsAClearErrorAndTheNextApplyConverges) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  {
    const RestartServers restart;
    ASSERT_EQ(testing::run("kill $(cat " + testing::shell_quote(servers().at("FERRY_GIT_DAEMON_PID_FILE")) +
                           ") && sleep 0.2")
                  .exit_code,
              0);
    auto outcome = store->apply(change_of({{"d", {{"a", "2"}}}}));
    ASSERT_FALSE(outcome.ok());
    EXPECT_EQ(outcome.error().render(), "cannot reach " + url(Server::kGitDaemon) + ": connection refused");
    auto files = store->read_files("");
    ASSERT_FALSE(files.ok());
    EXPECT_EQ(files.error().render(), "cannot reach " + url(Server::kGitDaemon) + ": connection refused");
  }
  auto outcome = store->apply(change_of({{"d", {{"a", "2"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(git(server, "rev-list --count main"), "2");
}

TEST_F(Failures, ServerDyingMidPushLeavesTheBranchWholeAndTheNextApplyConverges) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  ASSERT_TRUE(store->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  const auto tip = git(server, "rev-parse main");
  install_hook(server, "kill -9 $PPID\nsleep 5\n");  // receive-pack dies after receiving the pack
  auto outcome = store->apply(change_of({{"d", {{"a", "2"}}}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(), "cannot push to " + url(Server::kGitDaemon) +
                                          " (branch main): the connection was lost (early EOF)");
  EXPECT_EQ(git(server, "rev-parse main"), tip);
  EXPECT_EQ(git(server, "fsck --strict --no-progress"), "");
  std::filesystem::remove(server / "hooks" / "pre-receive");
  auto retried = store->apply(change_of({{"d", {{"a", "2"}}}}));
  ASSERT_TRUE(retried.ok()) << retried.error().render();
  EXPECT_EQ(git(server, "rev-parse main^"), tip);
  EXPECT_EQ(git(server, "cat-file -p main:d/a"), "2");
}

// A second store on the same cache fetches only what is new, and no credential ever reaches the cache.
TEST_F(Failures, CacheIsReusedIncrementallyAndHoldsNoCredential) {
  const auto server = make_repo(Server::kHttps);
  auto spec = this->spec(url(Server::kHttps));
  spec.credentials = https_credentials();
  std::map<std::string, std::string> many;
  for (int i = 0; i < 40; ++i) many["f" + std::to_string(i)] = "content " + std::to_string(i);
  auto first = open(spec);
  ASSERT_TRUE(first);
  ASSERT_TRUE(first->apply(change_of({{"many", many}})).ok());
  const auto cache = dynamic_cast<RemoteGitRepo&>(*first).cache_path();
  const auto objects = [&] {
    return git(cache, "count-objects -v | awk '/^(count|in-pack):/ {n += $2} END {print n}'");
  };
  const int before = std::stoi(objects());
  push_other_commit(server, temp_.path() / "scratch", "new/file", "new");
  auto second = open(spec);
  ASSERT_TRUE(second);
  EXPECT_EQ(dynamic_cast<RemoteGitRepo&>(*second).cache_path(), cache);
  auto files = second->read_files("new");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_EQ(*files, (std::map<std::string, std::string>{{"new/file", "new"}}));
  EXPECT_EQ(std::stoi(objects()) - before, 4);  // commit, root tree, "new" tree, blob
  EXPECT_EQ(files_containing(temp_.path() / "cache", servers().at("FERRY_HTTP_PASSWORD")).size(), 0u);
  // The URL (without credentials) only in the description, for humans looking at the cache directory.
  EXPECT_EQ(files_containing(temp_.path() / "cache", servers().at("FERRY_HTTPS_URL")),
            std::vector<std::filesystem::path>{cache / "description"});
  EXPECT_EQ(testing::read_file(cache / "description"),
            "ferry cache of " + url(Server::kHttps) + " (branch main)\n");
}

}  // namespace
}  // namespace ferry::writer::testing_remote
