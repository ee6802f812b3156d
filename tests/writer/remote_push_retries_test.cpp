// RemoteGitRepo's CommitOutcome::push_retries over file:// URLs: another writer moves the branch between
// this store's fetch and its push (at the test hook, so the race is deterministic), and the count says how
// many pushes were refused and rebuilt.
#include <gtest/gtest.h>

#include <utility>

#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"
#include "writer/remote_git_repo.h"

namespace ferry::writer {
namespace {

using testing::git;
using testing_remote::change_of;

class PushRetries : public ::testing::Test {
 protected:
  void SetUp() override { testing_remote::make_server_repo(server_); }

  std::unique_ptr<RemoteGitRepo> open(const std::string& cache) {
    auto repo = RemoteGitRepo::open(testing_remote::file_store_spec(server_, temp_.path() / cache));
    EXPECT_TRUE(repo.ok()) << repo.error().render();
    return repo.ok() ? std::move(repo).value() : nullptr;
  }

  testing::TempDir temp_;
  std::filesystem::path server_ = temp_.path() / "server.git";
};

TEST_F(PushRetries, NoneWhenTheBranchStaysPut) {
  auto store = open("cache");
  ASSERT_TRUE(store);
  auto outcome = store->apply(change_of({{"mine", {{"a", "1"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(outcome->push_retries, 0);
}

// A second store with its own cache commits while the first holds a commit built on the old tip.
TEST_F(PushRetries, OneWhenAnotherStoreMovesTheBranchBetweenFetchAndPush) {
  auto store = open("cache");
  auto other = open("other-cache");
  ASSERT_TRUE(store && other);
  int moves = 0;
  store->set_before_push_for_tests([&] {
    if (moves++ > 0) return;
    auto theirs = other->apply(change_of({{"theirs", {{"t", "1"}}}}));
    ASSERT_TRUE(theirs.ok()) << theirs.error().render();
    EXPECT_EQ(theirs->push_retries, 0);
  });
  auto outcome = store->apply(change_of({{"mine", {{"a", "1"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(outcome->push_retries, 1);
  EXPECT_EQ(moves, 2);  // built twice: on the old tip, then on the other store's commit
  EXPECT_EQ(git(server_, "rev-parse main"), *outcome->commit_sha);
  EXPECT_EQ(git(server_, "ls-tree -r --name-only main"), "mine/a\ntheirs/t");
  EXPECT_EQ(git(server_, "rev-list --count main"), "2");
}

// When the other writer already committed the very same change, the rebuild has nothing to add: no
// commit, and the refused push is still counted.
TEST_F(PushRetries, CountedEvenWhenTheRebuildFindsNothingLeftToCommit) {
  auto store = open("cache");
  auto other = open("other-cache");
  ASSERT_TRUE(store && other);
  const auto change = change_of({{"same", {{"a", "1"}}}});
  bool moved = false;
  store->set_before_push_for_tests([&] {
    if (std::exchange(moved, true)) return;
    ASSERT_TRUE(other->apply(change).ok());
  });
  auto outcome = store->apply(change);
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_FALSE(outcome->commit_sha);
  EXPECT_EQ(outcome->push_retries, 1);
  EXPECT_EQ(git(server_, "rev-list --count main"), "1");
}

}  // namespace
}  // namespace ferry::writer
