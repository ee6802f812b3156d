// git::commit_change without the writers' lock: only the compare-and-swap keeps racing writers from losing
// each other's commits.
#include "writer/git_branch.h"

#include <gtest/gtest.h>

#include <atomic>
#include <latch>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"

namespace ferry::writer {
namespace {

using testing::git;

// An empty bare repository whose HEAD is main, as a first apply() leaves it before its commit.
void create_repository(const std::filesystem::path& path) {
  const auto made = testing::run("git init -q --bare -b main " + testing::shell_quote(path.string()));
  ASSERT_EQ(made.exit_code, 0) << made.output;
}

TEST(CommitChange, CompareAndSwapLosesNoUpdateBetweenUnlockedWriters) {
  constexpr int kThreads = 3;
  constexpr int kApplies = 20;
  testing::TempDir temp;
  const auto repo_path = temp.path() / "store.git";
  create_repository(repo_path);
  const std::string gave_up = "cannot update refs/heads/main of state store " + repo_path.string() +
                              ": other writers kept moving it (6 attempts)";
  std::vector<std::vector<std::string>> committed(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kApplies; ++i) {
        const std::string directory = "t" + std::to_string(t) + "/" + std::to_string(i);
        Change change;
        change.bundles.push_back({directory, {{"f", "x"}}});
        change.message = directory;
        auto outcome = git::commit_change(repo_path, "main", change, git::Locking::kNone);
        if (outcome.ok() && outcome->commit_sha) {
          committed[t].push_back(directory + "/f");
        } else {  // giving up under heavy contention is allowed, but only with this message
          EXPECT_EQ(outcome.ok() ? "no commit" : outcome.error().render(), gave_up);
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  std::set<std::string> expected;
  for (const auto& paths : committed) expected.insert(paths.begin(), paths.end());
  ASSERT_FALSE(expected.empty());
  auto files = git::read_branch_files(repo_path, "main", "");
  ASSERT_TRUE(files.ok()) << files.error().render();
  std::set<std::string> present;
  for (const auto& [path, content] : *files) present.insert(path);
  EXPECT_EQ(present, expected);
  EXPECT_EQ(git(repo_path, "rev-list --count main"), std::to_string(expected.size()));
  EXPECT_EQ(git(repo_path, "rev-list --count --merges main"), "0");
}

// The branch does not exist yet and several writers create it at once: exactly the winners' commits remain.
TEST(CommitChange, RacingFirstCommitsLoseNoUpdate) {
  constexpr int kRounds = 30;
  constexpr int kThreads = 4;
  testing::TempDir temp;
  for (int round = 0; round < kRounds; ++round) {
    const auto repo_path = temp.path() / ("store-" + std::to_string(round) + ".git");
    create_repository(repo_path);
    const std::string gave_up = "cannot update refs/heads/main of state store " + repo_path.string() +
                                ": other writers kept moving it (6 attempts)";
    std::latch start(kThreads);
    std::mutex mutex;
    std::set<std::string> committed;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        Change change;
        change.bundles.push_back({"t" + std::to_string(t), {{"f", "x"}}});
        start.arrive_and_wait();
        auto outcome = git::commit_change(repo_path, "main", change, git::Locking::kNone);
        if (outcome.ok() && outcome->commit_sha) {
          const std::lock_guard lock(mutex);
          committed.insert("t" + std::to_string(t) + "/f");
        } else {  // giving up under heavy contention (a loaded CI machine) is allowed, with this message
          EXPECT_EQ(outcome.ok() ? "no commit" : outcome.error().render(), gave_up);
        }
      });
    }
    for (auto& thread : threads) thread.join();
    ASSERT_FALSE(committed.empty()) << "round " << round;
    std::string expected;
    for (const auto& path : committed) expected += (expected.empty() ? "" : "\n") + path;
    // Every writer that reported a commit has it on the branch: nothing reported committed was lost.
    EXPECT_EQ(git(repo_path, "rev-list --count main"), std::to_string(committed.size())) << "round " << round;
    EXPECT_EQ(git(repo_path, "ls-tree -r --name-only main"), expected) << "round " << round;
  }
}

TEST(CommitChange, WritersLockLeavesAFileGitIgnores) {
  testing::TempDir temp;
  const auto repo_path = temp.path() / "store.git";
  create_repository(repo_path);
  Change change;
  change.bundles.push_back({"d", {{"f", "x"}}});
  ASSERT_TRUE(git::commit_change(repo_path, "main", change, git::Locking::kWritersLock).ok());
  EXPECT_TRUE(std::filesystem::exists(repo_path / "ferry-writer.lock"));
  EXPECT_EQ(git(repo_path, "fsck --strict --no-progress"), "");
}

}  // namespace
}  // namespace ferry::writer
