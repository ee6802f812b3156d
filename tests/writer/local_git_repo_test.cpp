// LocalGitRepo specifics, checked with the git CLI rather than with libgit2.
#include "writer/local_git_repo.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"

namespace ferry::writer {
namespace {

using testing::git;
using testing::read_file;
using testing::run;
using testing::shell_quote;
using testing_remote::change_of;

class LocalGitRepoTest : public ::testing::Test {
 protected:
  std::unique_ptr<LocalGitRepo> open(const std::string& branch = "main") {
    auto repo = LocalGitRepo::open(repo_path_, branch);
    EXPECT_TRUE(repo.ok()) << repo.error().render();
    return repo.ok() ? std::move(repo).value() : nullptr;
  }
  std::string commit_count(const std::string& branch = "main") {
    return git(repo_path_, "rev-list --count " + branch);
  }

  testing::TempDir temp_;
  std::filesystem::path repo_path_ = temp_.path() / "stores" / "state.git";
};

TEST_F(LocalGitRepoTest, OpeningAMissingRepositoryCreatesNothingAndReadsAsEmpty) {
  auto repo = open("state");
  ASSERT_TRUE(repo);
  EXPECT_FALSE(std::filesystem::exists(repo_path_));
  auto files = repo->read_files("");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_TRUE(files->empty());
  EXPECT_FALSE(std::filesystem::exists(repo_path_));
}

TEST_F(LocalGitRepoTest, CreatesABareRepositoryWhoseBranchAppearsWithTheFirstCommit) {
  auto repo = open("state");
  ASSERT_TRUE(repo);
  EXPECT_EQ(repo->describe(), repo_path_.string() + " (branch state)");

  auto outcome = repo->apply(change_of({{"d", {{"a.yaml", "A"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  ASSERT_TRUE(outcome->commit_sha.has_value());
  EXPECT_EQ(git(repo_path_, "rev-parse refs/heads/state"), *outcome->commit_sha);
  EXPECT_EQ(commit_count("state"), "1");
  EXPECT_EQ(git(repo_path_, "rev-parse --is-bare-repository"), "true");
  EXPECT_EQ(git(repo_path_, "symbolic-ref HEAD"), "refs/heads/state");
  EXPECT_FALSE(std::filesystem::exists(repo_path_ / "index"));  // never a work tree or an index file
}

TEST_F(LocalGitRepoTest, CloneChecksOutTheConfiguredBranch) {
  auto repo = open("state");
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a.yaml", "A"}}}})).ok());
  const auto clone = temp_.path() / "clone";
  const auto result =
      run("git clone -q " + shell_quote(repo_path_.string()) + " " + shell_quote(clone.string()));
  ASSERT_EQ(result.exit_code, 0) << result.output;
  EXPECT_EQ(run("git -C " + shell_quote(clone.string()) + " rev-parse --abbrev-ref HEAD").output, "state\n");
  std::ifstream file(clone / "d" / "a.yaml");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(file), {}), "A");
}

// A ferry killed while libgit2 held refs/heads/main.lock leaves it behind (crash_e2e_test's random kills
// found it); the next writer, holding ferry's own writers' lock, removes it once it has lasted two seconds.
TEST_F(LocalGitRepoTest, ARefLockLeftByAKilledWriterIsRemovedAndTheCommitLands) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a.yaml", "A"}}}})).ok());
  testing::write_file(repo_path_ / "refs/heads/main.lock", "");
  auto outcome = repo->apply(change_of({{"d", {{"a.yaml", "B"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(git(repo_path_, "show main:d/a.yaml"), "B");
  EXPECT_FALSE(std::filesystem::exists(repo_path_ / "refs/heads/main.lock"));
}

TEST_F(LocalGitRepoTest, ReadFilesAtAnEarlierTipReadsItsFiles) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  const std::string first = git(repo_path_, "rev-parse main");
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "2"}}}})).ok());
  auto files = repo->read_files_at(first, "d/");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_EQ(*files, (std::map<std::string, std::string>{{"d/a", "1"}}));
  auto wrong = repo->read_files_at("not-a-commit", "d");
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().render(), "no commit not-a-commit in state store " + repo_path_.string());
}

TEST_F(LocalGitRepoTest, WritesRegularFilesAtTheBundlePaths) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(
      repo->apply(change_of({{"w/resources/ns/p/r/pipe/5058f", {{"a.yaml", "A\n"}, {"sub/b.yaml", "B"}}}}))
          .ok());
  EXPECT_EQ(git(repo_path_, "ls-tree -r --name-only main"),
            "w/resources/ns/p/r/pipe/5058f/a.yaml\nw/resources/ns/p/r/pipe/5058f/sub/b.yaml");
  EXPECT_EQ(git(repo_path_, "ls-tree -r main --format='%(objectmode) %(path)'"),
            "100644 w/resources/ns/p/r/pipe/5058f/a.yaml\n100644 w/resources/ns/p/r/pipe/5058f/sub/b.yaml");
  EXPECT_EQ(git(repo_path_, "cat-file -p main:w/resources/ns/p/r/pipe/5058f/a.yaml"), "A");
  EXPECT_EQ(git(repo_path_, "cat-file -p main:w/resources/ns/p/r/pipe/5058f/sub/b.yaml"), "B");
  EXPECT_EQ(git(repo_path_, "fsck --strict --no-progress"), "");
}

TEST_F(LocalGitRepoTest, SecondIdenticalApplyLeavesTheBranchAlone) {
  auto repo = open();
  ASSERT_TRUE(repo);
  const auto change = change_of({{"d", {{"a", "1"}}}});
  ASSERT_TRUE(repo->apply(change).ok());
  const auto tip = git(repo_path_, "rev-parse main");
  auto second = repo->apply(change);
  ASSERT_TRUE(second.ok()) << second.error().render();
  EXPECT_FALSE(second->commit_sha.has_value());
  EXPECT_EQ(git(repo_path_, "rev-parse main"), tip);
  EXPECT_EQ(commit_count(), "1");
}

TEST_F(LocalGitRepoTest, EachEffectiveChangeIsOneCommitOnTheTip) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"a", {{"x", "1"}, {"stale", "2"}}}, {"b", {{"y", "3"}}}})).ok());
  const auto first = git(repo_path_, "rev-parse main");
  ASSERT_TRUE(repo->apply(change_of({{"a", {{"x", "changed"}}}})).ok());
  EXPECT_EQ(git(repo_path_, "rev-parse main^"), first);
  EXPECT_EQ(git(repo_path_, "ls-tree -r --name-only main"), "a/x\nb/y");
  ASSERT_TRUE(repo->apply(change_of({}, {"b"})).ok());
  EXPECT_EQ(git(repo_path_, "ls-tree -r --name-only main"), "a/x");
  EXPECT_EQ(commit_count(), "3");
}

TEST_F(LocalGitRepoTest, StoresAuthorCommitterAndMessage) {
  auto repo = open();
  ASSERT_TRUE(repo);
  auto change = change_of({{"d", {{"a", "1"}}}});
  change.author = {"Ferry Bot", "bot@example.com"};
  change.message = "Update from: redis-1\n\nFerry-Request: default/redis-1\n";
  ASSERT_TRUE(repo->apply(change).ok());
  EXPECT_EQ(git(repo_path_, "log -1 --format=%an%n%ae%n%cn%n%ce main"),
            "Ferry Bot\nbot@example.com\nFerry Bot\nbot@example.com");
  const auto commit = git(repo_path_, "cat-file -p main");
  EXPECT_EQ(commit.substr(commit.find("\n\n") + 2), "Update from: redis-1\n\nFerry-Request: default/redis-1");
  EXPECT_EQ(git(repo_path_, "log -1 --format='%(trailers:key=Ferry-Request,valueonly)' main"),
            "default/redis-1\n");
}

TEST_F(LocalGitRepoTest, DefaultAuthorIsFerry) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  EXPECT_EQ(git(repo_path_, "log -1 --format=%an%n%ae main"), "ferry\nferry@localhost");
  const auto seconds_since_commit =
      std::time(nullptr) - std::stol(git(repo_path_, "log -1 --format=%ct main"));
  EXPECT_LT(std::abs(seconds_since_commit), 60);
  EXPECT_EQ(git(repo_path_, "log -1 --format=%ai%n%ci main").find("+0000"), 20u);  // UTC, not the local zone
}

TEST_F(LocalGitRepoTest, InvalidAuthorIsAnError) {
  auto repo = open();
  ASSERT_TRUE(repo);
  auto change = change_of({{"d", {{"a", "1"}}}});
  change.author = {"", "x@example.com"};
  auto outcome = repo->apply(change);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(),
            "cannot use author \" <x@example.com>\": failed to parse signature - Signature cannot have an "
            "empty name "
            "or email");
  EXPECT_NE(
      run("git --git-dir=" + shell_quote(repo_path_.string()) + " rev-parse --verify -q main").exit_code, 0);
}

TEST_F(LocalGitRepoTest, RefusedChangeWritesNoObject) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  const auto objects = git(repo_path_, "count-objects");
  const auto tip = git(repo_path_, "rev-parse main");
  auto outcome = repo->apply(change_of({{"d", {{"new", "never stored"}, {"../x", "2"}}}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(), R"(invalid repository path "../x" in bundle "d": ".." segment)");
  EXPECT_EQ(git(repo_path_, "count-objects"), objects);
  EXPECT_EQ(git(repo_path_, "rev-parse main"), tip);
}

// Another writer (here the git CLI) commits between two applies: the next apply builds on its commit.
TEST_F(LocalGitRepoTest, BuildsOnCommitsMadeByOtherWriters) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"mine", {{"a", "1"}}}})).ok());
  const auto clone = temp_.path() / "clone";
  const auto q = [](const std::filesystem::path& p) { return shell_quote(p.string()); };
  const auto pushed =
      run("git clone -q " + q(repo_path_) + " " + q(clone) + " && mkdir " + q(clone / "theirs") +
          " && echo t > " + q(clone / "theirs" / "t") + " && git -C " + q(clone) + " add . && git -C " +
          q(clone) + " -c user.name=o -c user.email=o@x commit -qm other" + " && git -C " + q(clone) +
          " push -q origin main");
  ASSERT_EQ(pushed.exit_code, 0) << pushed.output;
  const auto theirs = git(repo_path_, "rev-parse main");
  ASSERT_TRUE(repo->apply(change_of({{"mine", {{"a", "2"}}}})).ok());
  EXPECT_EQ(git(repo_path_, "rev-parse main^"), theirs);
  EXPECT_EQ(git(repo_path_, "ls-tree -r --name-only main"), "mine/a\ntheirs/t");
  EXPECT_EQ(commit_count(), "3");
}

TEST_F(LocalGitRepoTest, OpensAnExistingRepositoryAndKeepsItsHistory) {
  ASSERT_EQ(run("git init -q --bare -b trunk " + shell_quote(repo_path_.string())).exit_code, 0);
  auto repo = open("trunk");
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  auto again = open("trunk");
  ASSERT_TRUE(again);
  auto files = again->read_files("");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_EQ(*files, (std::map<std::string, std::string>{{"d/a", "1"}}));
  EXPECT_EQ(commit_count("trunk"), "1");
}

TEST_F(LocalGitRepoTest, ConcurrentAppliesMakeALinearHistoryWithOneCommitPerChange) {
  auto repo = open();
  ASSERT_TRUE(repo);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      // A separate LocalGitRepo per thread, as two ferry processes on the same repository would have.
      auto own = LocalGitRepo::open(repo_path_, "main");
      for (int i = 0; i < 20; ++i) {
        auto outcome =
            (*own)->apply(change_of({{"t" + std::to_string(t) + "/" + std::to_string(i), {{"f", "x"}}}}));
        EXPECT_TRUE(outcome.ok() && outcome->commit_sha)
            << (outcome.ok() ? "no commit" : outcome.error().render());
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(commit_count(), "40");
  EXPECT_EQ(git(repo_path_, "rev-list --count --merges main"), "0");
  auto files = repo->read_files("");
  ASSERT_TRUE(files.ok());
  EXPECT_EQ(files->size(), 40u);
}

TEST_F(LocalGitRepoTest, ExistingDirectoryThatIsNotARepositoryIsAClearError) {
  std::filesystem::create_directories(repo_path_);
  std::ofstream(repo_path_ / "README") << "not a repository";
  auto repo = LocalGitRepo::open(repo_path_, "main");
  ASSERT_FALSE(repo.ok());
  EXPECT_EQ(repo.error().render(), "cannot open state store " + repo_path_.string() +
                                       ": path is not a repository: " + repo_path_.string());
}

TEST_F(LocalGitRepoTest, InvalidBranchNameIsRefused) {
  auto repo = LocalGitRepo::open(repo_path_, "bad..name");
  ASSERT_FALSE(repo.ok());
  EXPECT_EQ(repo.error().render(),
            "invalid branch name \"bad..name\" for state store " + repo_path_.string());
  EXPECT_FALSE(std::filesystem::exists(repo_path_));
}

TEST_F(LocalGitRepoTest, RepositoryReplacedAfterOpeningIsAClearError) {
  auto repo = open();
  ASSERT_TRUE(repo);
  ASSERT_TRUE(repo->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  std::filesystem::remove_all(repo_path_);
  std::filesystem::create_directories(repo_path_);  // something else took its place
  std::ofstream(repo_path_ / "README") << "not a repository";
  auto outcome = repo->apply(change_of({{"d", {{"a", "2"}}}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(), "cannot open state store " + repo_path_.string() +
                                          ": path is not a repository: " + repo_path_.string());
  EXPECT_EQ(read_file(repo_path_ / "README"), "not a repository");
}

// A CI step or a user may make the directory ahead (mkdir state.git): it reads as empty and becomes the
// repository on the first commit, as a missing one does.
TEST_F(LocalGitRepoTest, AnEmptyDirectoryIsARepositoryStillToBeMade) {
  std::filesystem::create_directories(repo_path_);
  auto repo = open("state");
  ASSERT_TRUE(repo);
  auto files = repo->read_files("");
  ASSERT_TRUE(files.ok()) << files.error().render();
  EXPECT_TRUE(files->empty());
  auto outcome = repo->apply(change_of({{"d", {{"a.yaml", "A"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(git(repo_path_, "show state:d/a.yaml"), "A");
}

// history_since (drift checks, run/drift_check.h) on a local repository: ferry's commits are told from
// others' by their "Ferry-" trailers; only others' carry their changed paths, removals included.
TEST_F(LocalGitRepoTest, HistorySinceTellsFerrysCommitsFromOthersAndNamesTheirPaths) {
  auto repo = open();
  ASSERT_TRUE(repo);
  auto first = repo->apply(change_of({{"d", {{"a", "1"}, {"b", "1"}}}}));
  ASSERT_TRUE(first.ok() && first->commit_sha);
  Change ferrys = change_of({{"d", {{"a", "2"}, {"b", "1"}}}});
  ferrys.message = "Update from: default/a\n\nFerry-Request: Redis default/a\n";
  ASSERT_TRUE(repo->apply(ferrys).ok());
  const std::string theirs =
      testing_remote::push_other_commit(repo_path_, temp_.path() / "scratch", "d/c", "c");
  ASSERT_TRUE(run("cd " + shell_quote((temp_.path() / "scratch").string()) +
                  " && git rm -q d/b && git commit -qm "
                  "'remove b' && git push -q origin HEAD:main")
                  .exit_code == 0);

  auto history = repo->history_since(*first->commit_sha);
  ASSERT_TRUE(history.ok()) << history.error().render();
  EXPECT_EQ(history->tip, git(repo_path_, "rev-parse main"));
  ASSERT_EQ(history->commits.size(), 3u);
  EXPECT_TRUE(history->commits[0].by_ferry);
  EXPECT_TRUE(history->commits[0].changed_paths.empty());
  EXPECT_EQ(history->commits[1].sha, theirs);
  EXPECT_EQ(history->commits[1].changed_paths, std::vector<std::string>{"d/c"});
  EXPECT_EQ(history->commits[2].changed_paths, std::vector<std::string>{"d/b"});

  auto tip_only = repo->history_since(std::nullopt);
  ASSERT_TRUE(tip_only.ok());
  EXPECT_EQ(tip_only->tip, history->tip);
  EXPECT_TRUE(tip_only->commits.empty());
  auto unknown = repo->history_since(std::string(40, 'e'));
  ASSERT_TRUE(unknown.ok());
  EXPECT_FALSE(unknown->since_found);
}

TEST_F(LocalGitRepoTest, HistoryOfAMissingRepositoryIsEmpty) {
  auto repo = open();
  ASSERT_TRUE(repo);
  auto history = repo->history_since(std::nullopt);
  ASSERT_TRUE(history.ok());
  EXPECT_EQ(history->tip, std::nullopt);
}
}  // namespace
}  // namespace ferry::writer
