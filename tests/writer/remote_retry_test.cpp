// Pushes refused because the remote branch moved: rebuilt on the new tip and pushed again, never forced,
// so no commit is ever lost. A pre-receive hook that moves the branch makes the race deterministic.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <thread>

#include "tests/writer/remote_server_fixture.h"

namespace ferry::writer::testing_remote {
namespace {

using testing::git;
using Retry = RemoteServerTest;

// A pre-receive hook that, on each of its first `times` runs, moves main to the next commit of the
// branch "side" (oldest first) before the pushed update lands, as a writer pushing at the same moment would.
void install_branch_mover(const std::filesystem::path& server, int times) {
  testing::write_file(server / "hooks" / "pre-receive",
                      "#!/bin/sh\n"
                      "n=$(cat \"$GIT_DIR/moves\" 2>/dev/null || echo 0)\n"
                      "[ \"$n\" -ge " +
                          std::to_string(times) +
                          " ] && exit 0\n"
                          "echo $((n + 1)) > \"$GIT_DIR/moves\"\n"
                          "target=$(git rev-list --reverse side | sed -n \"$((n + 1))p\")\n"
                          "unset GIT_QUARANTINE_PATH\n"
                          "git update-ref refs/heads/main \"$target\"\n");
  std::filesystem::permissions(server / "hooks" / "pre-receive", std::filesystem::perms::owner_all);
}

// `count` commits on the branch "side" of `server`, each adding one file side/<i>.
void make_side_commits(const std::filesystem::path& server, const std::filesystem::path& scratch, int count) {
  for (int i = 0; i < count; ++i)
    push_other_commit(server, scratch, "side/" + std::to_string(i), "s", "side");
}

TEST_F(Retry, PushRefusedBecauseTheBranchMovedIsRebuiltOnTheNewTip) {
  const auto server = make_repo(Server::kGitDaemon);
  make_side_commits(server, temp_.path() / "scratch", 1);
  install_branch_mover(server, 1);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  auto outcome = store->apply(change_of({{"mine", {{"a", "1"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(git(server, "rev-parse main"), *outcome->commit_sha);
  EXPECT_EQ(git(server, "rev-parse main^"), git(server, "rev-parse side"));
  EXPECT_EQ(git(server, "ls-tree -r --name-only main"), "mine/a\nside/0");
  EXPECT_EQ(git(server, "rev-list --count main"), "2");
}

TEST_F(Retry, GivesUpAfterTheLastAttemptWithTheServersWords) {
  const auto server = make_repo(Server::kGitDaemon);
  make_side_commits(server, temp_.path() / "scratch", 3);
  install_branch_mover(server, 3);
  auto spec = this->spec(url(Server::kGitDaemon));
  spec.retry.attempts = 3;
  auto store = open(spec);
  ASSERT_TRUE(store);
  auto outcome = store->apply(change_of({{"mine", {{"a", "1"}}}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(),
            "cannot push to " + url(Server::kGitDaemon) +
                " (branch main): the remote branch kept moving (3 attempts); last "
                "refusal: refs/heads/main: failed to update ref; remote: error: cannot "
                "lock ref 'refs/heads/main': is at " +
                git(server, "rev-parse side") + " but expected " + git(server, "rev-parse side~1"));
  EXPECT_EQ(git(server, "rev-parse main"), git(server, "rev-parse side"));  // only the other writer's commits
}

// Every commit a writer was told about is on the branch, and nothing else; giving up under heavy contention
// is allowed, but only with the retry message.
TEST_F(Retry, RacingWritersOverGitDaemonLoseNoCommit) {
  constexpr int kThreads = 3;
  constexpr int kApplies = 4;
  const auto server = make_repo(Server::kGitDaemon);
  const std::string gave_up =
      "cannot push to " + url(Server::kGitDaemon) + " (branch main): the remote branch kept moving";
  std::vector<std::set<std::string>> committed(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto spec = this->spec(url(Server::kGitDaemon), "cache-" + std::to_string(t));
      spec.retry.seed = static_cast<std::uint64_t>(t);
      auto store = open(spec);
      for (int i = 0; store && i < kApplies; ++i) {
        const std::string dir = "t" + std::to_string(t) + "/" + std::to_string(i);
        auto outcome = store->apply(change_of({{dir, {{"f", dir}}}}));
        if (outcome.ok() && outcome->commit_sha) {
          committed[t].insert(dir + "/f");
        } else {
          EXPECT_EQ((outcome.ok() ? "no commit" : outcome.error().render()).substr(0, gave_up.size()),
                    gave_up);
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  std::set<std::string> expected;
  for (const auto& paths : committed) expected.insert(paths.begin(), paths.end());
  ASSERT_GE(expected.size(), 3u);
  std::set<std::string> present;
  std::istringstream listed(git(server, "ls-tree -r --name-only main"));
  for (std::string path; std::getline(listed, path);) present.insert(path);
  EXPECT_EQ(present, expected);
  EXPECT_EQ(git(server, "rev-list --count main"), std::to_string(expected.size()));
  EXPECT_EQ(git(server, "rev-list --count --merges main"), "0");
}

}  // namespace
}  // namespace ferry::writer::testing_remote
