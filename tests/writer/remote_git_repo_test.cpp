// RemoteGitRepo over file:// URLs: the whole fetch/build/push path of network stores, through libgit2's
// local transport, checked with the git CLI on the "server" repository.
#include "writer/remote_git_repo.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"

namespace ferry::writer {
namespace {

using testing::git;
using testing_remote::change_of;

class RemoteGitRepoTest : public ::testing::Test {
 protected:
  void SetUp() override { testing_remote::make_server_repo(server_); }

  std::unique_ptr<RemoteGitRepo> open(const std::string& branch = "main",
                                      const std::string& cache = "cache") {
    StoreSpec spec;
    spec.url = "file://" + server_.string();
    spec.branch = branch;
    spec.cache_dir = temp_.path() / cache;
    spec.retry.seed = 7;
    auto repo = RemoteGitRepo::open(spec);
    EXPECT_TRUE(repo.ok()) << repo.error().render();
    return repo.ok() ? std::move(repo).value() : nullptr;
  }

  testing::TempDir temp_;
  std::filesystem::path server_ = temp_.path() / "server.git";
};

TEST_F(RemoteGitRepoTest, AddChangeAndNoOpAreOneCommitEachOrNone) {
  auto repo = open();
  ASSERT_TRUE(repo);
  EXPECT_EQ(repo->describe(), "file://" + server_.string() + " (branch main)");
  testing_remote::expect_add_change_noop(*repo, server_);
}

TEST_F(RemoteGitRepoTest, MissingRemoteBranchIsCreatedByTheFirstCommit) {
  const auto other = testing_remote::push_other_commit(server_, temp_.path() / "scratch", "x", "1");
  auto repo = open("state");
  ASSERT_TRUE(repo);
  auto files = repo->read_files("");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_TRUE(files->empty());
  auto outcome = repo->apply(change_of({{"d", {{"a", "1"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(git(server_, "rev-parse state"), *outcome->commit_sha);
  EXPECT_EQ(git(server_, "rev-list --count state"), "1");
  EXPECT_EQ(git(server_, "ls-tree -r --name-only state"), "d/a");
  EXPECT_EQ(git(server_, "rev-parse main"), other);
}

TEST_F(RemoteGitRepoTest, BuildsOnCommitsOtherWritersPushed) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"mine", {{"a", "1"}}}})).ok());
  const auto theirs = testing_remote::push_other_commit(server_, temp_.path() / "scratch", "theirs/t", "t");
  auto files = repo->read_files("theirs");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_EQ(*files, (std::map<std::string, std::string>{{"theirs/t", "t"}}));
  ASSERT_TRUE(repo->apply(change_of({{"mine", {{"a", "2"}}}})).ok());
  EXPECT_EQ(git(server_, "rev-parse main^"), theirs);
  EXPECT_EQ(git(server_, "ls-tree -r --name-only main"), "mine/a\ntheirs/t");
}

// history_since (drift checks, run/drift_check.h): after a fetch, the commits since ferry's own, those of
// other writers with the paths they changed.
TEST_F(RemoteGitRepoTest, HistorySinceNamesWhatOtherWritersChangedAfterAFetch) {
  auto repo = open();
  ASSERT_TRUE(repo);
  Change mine = change_of({{"mine", {{"a", "1"}}}});
  mine.message = "Update from: default/a\n\nFerry-Request: Redis default/a\n";
  auto outcome = repo->apply(mine);
  ASSERT_TRUE(outcome.ok() && outcome->commit_sha) << (outcome.ok() ? "" : outcome.error().render());
  const auto theirs =
      testing_remote::push_other_commit(server_, temp_.path() / "scratch", "mine/a", "edited");
  auto history = repo->history_since(*outcome->commit_sha);
  ASSERT_TRUE(history.ok()) << history.error().render();
  EXPECT_EQ(history->tip, theirs);
  EXPECT_TRUE(history->since_found);
  ASSERT_EQ(history->commits.size(), 1u);
  EXPECT_EQ(history->commits[0].sha, theirs);
  EXPECT_FALSE(history->commits[0].by_ferry);
  EXPECT_EQ(history->commits[0].changed_paths, std::vector<std::string>{"mine/a"});
}

// read_files_at (run/health_rollup.h reads health folders at the tips the drift check fetched): the files of
// a fetched tip, read from the cache without another fetch, so even with the server gone.
TEST_F(RemoteGitRepoTest, ReadFilesAtAFetchedTipNeedsNoServer) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  auto history = repo->history_since(std::nullopt);
  ASSERT_TRUE(history.ok() && history->tip) << (history.ok() ? "" : history.error().render());
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "2"}}}})).ok());
  std::filesystem::remove_all(server_);
  EXPECT_FALSE(repo->read_files("d").ok());
  auto files = repo->read_files_at(*history->tip, "d");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_EQ(*files, (std::map<std::string, std::string>{{"d/a", "1"}}));
  auto none = repo->read_files_at("", "d");
  ASSERT_TRUE(none.ok()) << none.error().render();
  EXPECT_TRUE(none->empty());
}

TEST_F(RemoteGitRepoTest, CacheIsABareMirrorOfTheBranchWithoutTheUrl) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  const auto cache = repo->cache_path();
  EXPECT_EQ(cache.parent_path(), temp_.path() / "cache");
  EXPECT_EQ(cache.extension(), ".git");
  EXPECT_EQ(cache.stem().string().size(), 16u);
  EXPECT_EQ(git(cache, "rev-parse --is-bare-repository"), "true");
  EXPECT_EQ(git(cache, "for-each-ref --format='%(refname)'"), "refs/heads/main");
  EXPECT_EQ(git(cache, "rev-parse main"), git(server_, "rev-parse main"));
  EXPECT_FALSE(std::filesystem::exists(cache / "index"));
  EXPECT_EQ(testing::read_file(cache / "FETCH_HEAD"), "");  // libgit2 may leave it, but empty
  EXPECT_EQ(testing::run("git --git-dir=" + testing::shell_quote(cache.string()) +
                         " config --get-regexp '^remote\\.'")
                .output,
            "");
}

TEST_F(RemoteGitRepoTest, SecondInstanceReusesTheCacheAndFetchesOnlyWhatIsNew) {
  std::map<std::string, std::string> many;
  for (int i = 0; i < 40; ++i) many["f" + std::to_string(i)] = "content " + std::to_string(i);
  ASSERT_TRUE(open()->apply(change_of({{"many", many}})).ok());
  const auto cache = open()->cache_path();
  const auto objects_before = git(cache, "count-objects -v");
  testing_remote::push_other_commit(server_, temp_.path() / "scratch", "new/file", "new");
  auto second = open();
  ASSERT_EQ(second->cache_path(), cache);
  auto files = second->read_files("new");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_EQ(*files, (std::map<std::string, std::string>{{"new/file", "new"}}));
  // The new commit, its root tree, the "new" tree and the blob: 4 objects, not the 40 files again.
  const auto count = [&](const std::string& counts) {
    const auto loose = std::stoi(counts.substr(counts.find("count: ") + 7));
    const auto packed = std::stoi(counts.substr(counts.find("in-pack: ") + 9));
    return loose + packed;
  };
  EXPECT_EQ(count(git(cache, "count-objects -v")) - count(objects_before), 4);
}

// Every commit a writer was told about is on the branch, and nothing else; giving up under heavy contention
// is allowed, but only with the retry message.
TEST_F(RemoteGitRepoTest, RacingWritersWithTheirOwnCachesLoseNoCommit) {
  constexpr int kThreads = 3;
  constexpr int kApplies = 4;
  std::vector<std::set<std::string>> committed(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      auto repo = open("main", "cache-" + std::to_string(t));
      for (int i = 0; repo && i < kApplies; ++i) {
        const std::string dir = "t" + std::to_string(t) + "/" + std::to_string(i);
        auto outcome = repo->apply(change_of({{dir, {{"f", "x"}}}}));
        if (outcome.ok() && outcome->commit_sha) {
          committed[t].insert(dir + "/f");
        } else {
          const std::string gave_up =
              "cannot push to file://" + server_.string() + " (branch main): the remote branch kept moving";
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
  auto files = open()->read_files("");
  ASSERT_TRUE(files.ok()) << files.error().render();
  std::set<std::string> present;
  for (const auto& [path, content] : *files) present.insert(path);
  EXPECT_EQ(present, expected);
  EXPECT_EQ(git(server_, "rev-list --count main"), std::to_string(expected.size()));
  EXPECT_EQ(git(server_, "rev-list --count --merges main"), "0");
  EXPECT_EQ(git(server_, "for-each-ref --format='%(refname)'"), "refs/heads/main");
}

TEST_F(RemoteGitRepoTest, MissingRemoteRepositoryIsAClearError) {
  StoreSpec spec;
  spec.url = "file://" + (temp_.path() / "absent.git").string();
  spec.cache_dir = temp_.path() / "cache";
  auto repo = RemoteGitRepo::open(spec);
  ASSERT_TRUE(repo.ok()) << repo.error().render();
  auto outcome = (*repo)->apply(change_of({{"d", {{"a", "1"}}}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(),
            "cannot fetch from " + spec.url + " (branch main): failed to resolve path '" +
                (temp_.path() / "absent.git").string() + "': No such file or directory");
}

}  // namespace
}  // namespace ferry::writer
