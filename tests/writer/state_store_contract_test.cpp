// The StateStore contract (writer/state_store.h), run against both LocalGitRepo and RecordingStateStore so
// that the fake used by the rest of the project behaves like the real store.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/recording_state_store.h"
#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"

namespace ferry::writer {
namespace {

using Files = std::map<std::string, std::string>;
enum class ContractKind { kLocalGit, kRecording };

Change contract_change(std::vector<Bundle> bundles, std::vector<std::string> removed = {}) {
  Change change;
  change.bundles = std::move(bundles);
  change.removed_directories = std::move(removed);
  change.message = "test change";
  return change;
}

class StateStoreContract : public ::testing::TestWithParam<ContractKind> {
 protected:
  void SetUp() override {
    if (GetParam() == ContractKind::kRecording) {
      store_ = std::make_unique<RecordingStateStore>();
      return;
    }
    auto repo = LocalGitRepo::open(temp_.path() / "store.git", "main");
    ASSERT_TRUE(repo.ok()) << repo.error().render();
    store_ = std::move(repo).value();
  }

  std::optional<std::string> apply(const Change& change) {
    auto outcome = store_->apply(change);
    EXPECT_TRUE(outcome.ok()) << outcome.error().render();
    return outcome.ok() ? outcome->commit_sha : std::nullopt;
  }

  Files files(const std::string& prefix = "") {
    auto files = store_->read_files(prefix);
    EXPECT_TRUE(files.ok()) << files.error().render();
    return files.ok() ? *files : Files{};
  }

  testing::TempDir temp_;
  std::unique_ptr<StateStore> store_;
};

TEST_P(StateStoreContract, NewStoreHasNoFiles) {
  EXPECT_EQ(files(), Files{});
  EXPECT_EQ(files("a/b"), Files{});
}

TEST_P(StateStoreContract, FirstApplyCommitsBundleFilesAtTheirPaths) {
  EXPECT_TRUE(
      apply(contract_change({{"w1/resources/ns/p", {{"a.yaml", "A"}, {"sub/b.yaml", "B"}}}})).has_value());
  EXPECT_EQ(files(), (Files{{"w1/resources/ns/p/a.yaml", "A"}, {"w1/resources/ns/p/sub/b.yaml", "B"}}));
}

TEST_P(StateStoreContract, ReadFileAtReadsOneFile) {
  EXPECT_TRUE(apply(contract_change({{"d", {{"a.yaml", "A"}, {"sub/b.yaml", "B"}}}})).has_value());
  auto tip = store_->history_since(std::nullopt);
  ASSERT_TRUE(tip.ok()) << tip.error().render();
  const std::string commit = tip->tip.value_or("");
  EXPECT_EQ(store_->read_file_at(commit, "d/sub/b.yaml").value(), std::optional<std::string>("B"));
  EXPECT_EQ(store_->read_file_at(commit, "d/a.yaml").value(), std::optional<std::string>("A"));
  EXPECT_EQ(store_->read_file_at(commit, "d/absent.yaml").value(), std::nullopt);
  EXPECT_EQ(store_->read_file_at(commit, "d/sub").value(), std::nullopt);
}

TEST_P(StateStoreContract, IdenticalApplyMakesNoCommit) {
  const auto change = contract_change({{"d", {{"a", "1"}}}});
  EXPECT_TRUE(apply(change).has_value());
  EXPECT_EQ(apply(change), std::nullopt);
}

TEST_P(StateStoreContract, EmptyChangeOnNewStoreMakesNoCommit) {
  EXPECT_EQ(apply(contract_change({}, {"nothing/here"})), std::nullopt);
  EXPECT_EQ(apply(contract_change({{"d", {}}})), std::nullopt);
}

TEST_P(StateStoreContract, ChangingABundleReplacesItsWholeDirectory) {
  apply(contract_change({{"a", {{"x", "1"}, {"y", "2"}, {"deep/z", "3"}}}, {"b", {{"keep", "4"}}}}));
  EXPECT_TRUE(apply(contract_change({{"a", {{"x", "changed"}}}})).has_value());
  EXPECT_EQ(files(), (Files{{"a/x", "changed"}, {"b/keep", "4"}}));
}

TEST_P(StateStoreContract, RemovedDirectoriesGoWithEverythingBelowThem) {
  apply(contract_change({{"x", {{"a", "1"}, {"y/b", "2"}}}, {"xy", {{"c", "3"}}}, {"z", {{"d", "4"}}}}));
  EXPECT_TRUE(apply(contract_change({}, {"x"})).has_value());
  EXPECT_EQ(files(), (Files{{"xy/c", "3"}, {"z/d", "4"}}));
}

TEST_P(StateStoreContract, RemovingAnAbsentDirectoryMakesNoCommit) {
  apply(contract_change({{"x", {{"a", "1"}}}}));
  EXPECT_EQ(apply(contract_change({}, {"y", "x/a/b"})), std::nullopt);
}

TEST_P(StateStoreContract, BundleInsideARemovedDirectorySurvives) {
  apply(contract_change({{"a", {{"old", "1"}}}}));
  apply(contract_change({{"a/b", {{"new", "2"}}}}, {"a"}));
  EXPECT_EQ(files(), (Files{{"a/b/new", "2"}}));
}

TEST_P(StateStoreContract, EmptyBundleEmptiesItsDirectory) {
  apply(contract_change({{"a", {{"x", "1"}}}, {"b", {{"y", "2"}}}}));
  EXPECT_TRUE(apply(contract_change({{"a", {}}})).has_value());
  EXPECT_EQ(files(), (Files{{"b/y", "2"}}));
}

TEST_P(StateStoreContract, InvalidPathsAreRefusedBeforeAnythingIsWritten) {
  apply(contract_change({{"d", {{"a", "1"}}}}));
  const std::vector<std::pair<Change, std::string>> cases = {
      {contract_change({{"/abs", {{"a", "2"}}}}), R"(invalid repository path "/abs": absolute path)"},
      {contract_change({{"d/../e", {{"a", "2"}}}}), R"(invalid repository path "d/../e": ".." segment)"},
      {contract_change({{"d", {{"b", "2"}, {"x//y", "3"}}}}),
       R"(invalid repository path "x//y" in bundle "d": empty segment)"},
      {contract_change({{"d", {{".git/config", "2"}}}}),
       R"(invalid repository path ".git/config" in bundle "d": ".git" segment)"},
      {contract_change({{"e", {{"a", "2"}}}}, {"d/.."}), R"(invalid repository path "d/..": ".." segment)"},
      {contract_change({{"e", {{"a", "2"}}}}, {""}), R"(invalid repository path "": empty path)"},
  };
  for (const auto& [change, message] : cases) {
    auto outcome = store_->apply(change);
    ASSERT_FALSE(outcome.ok()) << message;
    EXPECT_EQ(outcome.error().render(), message);
  }
  EXPECT_EQ(files(), (Files{{"d/a", "1"}}));
}

TEST_P(StateStoreContract, ReadFilesReturnsRepositoryPathsBelowThePrefix) {
  apply(contract_change({{"d", {{"a", "1"}, {"sub/b", "2"}}}, {"dx", {{"c", "3"}}}}));
  EXPECT_EQ(files("d"), (Files{{"d/a", "1"}, {"d/sub/b", "2"}}));
  EXPECT_EQ(files("d/"), (Files{{"d/a", "1"}, {"d/sub/b", "2"}}));
  EXPECT_EQ(files("d/sub"), (Files{{"d/sub/b", "2"}}));
  EXPECT_EQ(files("d/a"), Files{});
  EXPECT_EQ(files("absent"), Files{});
  EXPECT_EQ(store_->read_files("../d").error().render(), R"(invalid repository path "../d": ".." segment)");
}

TEST_P(StateStoreContract, ListPathsGivesReadFilesKeysWithoutBytes) {
  apply(contract_change(
      {{"d", {{"a-b", "1"}, {"a0.yaml", "0"}, {"a/x", "x"}, {"sub/deep/b", "2"}}}, {"dx", {{"c", "3"}}}}));
  for (const std::string prefix : {"", "d", "d/", "d/sub", "d/a0.yaml", "absent"}) {
    std::vector<std::string> keys;
    for (const auto& entry : files(prefix)) keys.push_back(entry.first);
    auto paths = store_->list_paths(prefix);
    ASSERT_TRUE(paths.ok()) << paths.error().render();
    EXPECT_EQ(*paths, keys) << "prefix \"" << prefix << "\"";
  }
  EXPECT_EQ(store_->list_paths("d").value(),
            (std::vector<std::string>{"d/a-b", "d/a/x", "d/a0.yaml", "d/sub/deep/b"}));
  EXPECT_EQ(store_->list_paths("../d").error().render(), R"(invalid repository path "../d": ".." segment)");
}

// Below a directory named `name` only the subpaths asked for; elsewhere everything, also a file of that
// name, a second such directory inside an asked subpath, and a subpath asked twice or absent.
TEST_P(StateStoreContract, ListPathsWithinWalksBelowANamedDirectoryOnlyTheSubpathsAsked) {
  apply(contract_change({{"f/w1/resources/ns/p/r1/c/5058f", {{"a.yaml", "1"}, {"resources/b", "2"}}},
                         {"f/w1/resources/ns/p/r2/c/5058f", {{"a.yaml", "3"}}},
                         {"f/w1/resources/resources/p/r1/c/5058f", {{"a.yaml", "4"}}},
                         {"f/w1/dependencies/p/c/5058f", {{"d.yaml", "5"}}},
                         {"f/w1/sub/resources/ns/p/r1/c/5058f", {{"a.yaml", "6"}}},
                         {"f/w1/sub", {{"resources2", "7"}}},
                         {"f/top", {{"resources", "8"}}},
                         {"g/resources/ns/p/r1", {{"a.yaml", "9"}}}}));
  const std::vector<std::string> within{"ns/p/r1", "resources/p/r1", "ns/p/r1", "ns/p/absent"};
  for (const std::string prefix : {"", "f", "f/", "f/w1/resources", "absent"}) {
    auto paths = store_->list_paths_within(prefix, "resources", within);
    ASSERT_TRUE(paths.ok()) << paths.error().render();
    EXPECT_EQ(*paths, filter_paths_within(store_->list_paths(prefix).value(), prefix, "resources", within))
        << "prefix \"" << prefix << "\"";
  }
  EXPECT_EQ(
      store_->list_paths_within("f", "resources", within).value(),
      (std::vector<std::string>{
          "f/top/resources", "f/w1/dependencies/p/c/5058f/d.yaml", "f/w1/resources/ns/p/r1/c/5058f/a.yaml",
          "f/w1/resources/ns/p/r1/c/5058f/resources/b", "f/w1/resources/resources/p/r1/c/5058f/a.yaml",
          "f/w1/sub/resources/ns/p/r1/c/5058f/a.yaml", "f/w1/sub/resources2"}));
  EXPECT_EQ(store_->list_paths_within("f", "resources", {}).value(),
            (std::vector<std::string>{"f/top/resources", "f/w1/dependencies/p/c/5058f/d.yaml",
                                      "f/w1/sub/resources2"}));
}

TEST_P(StateStoreContract, KeepsBytesExactly) {
  const std::string binary("\0\x01\xff\n\r\n", 6);
  apply(contract_change({{"d", {{"bin", binary}, {"empty", ""}}}}));
  EXPECT_EQ(files(), (Files{{"d/bin", binary}, {"d/empty", ""}}));
}

// Two writers race on the same branch: every apply that changes something must end up on the branch.
TEST_P(StateStoreContract, ConcurrentAppliesLoseNoUpdate) {
  constexpr int kThreads = 2;
  constexpr int kApplies = 20;
  std::vector<std::vector<std::optional<std::string>>> shas(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kApplies; ++i) {
        const std::string mine = "thread-" + std::to_string(t);
        auto outcome = store_->apply(contract_change({{mine + "/latest", {{"n", std::to_string(i)}}},
                                                      {mine + "/" + std::to_string(i), {{"f", "x"}}}}));
        shas[t].push_back(outcome.ok() ? outcome->commit_sha
                                       : std::optional<std::string>("error: " + outcome.error().render()));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  std::set<std::string> distinct;
  for (const auto& list : shas) {
    for (const auto& sha : list) {
      ASSERT_TRUE(sha.has_value());
      EXPECT_FALSE(sha->starts_with("error: ")) << *sha;
      distinct.insert(*sha);
    }
  }
  EXPECT_EQ(distinct.size(), std::size_t{kThreads * kApplies});
  Files expected;
  for (int t = 0; t < kThreads; ++t) {
    const std::string mine = "thread-" + std::to_string(t);
    expected[mine + "/latest/n"] = std::to_string(kApplies - 1);
    for (int i = 0; i < kApplies; ++i) expected[mine + "/" + std::to_string(i) + "/f"] = "x";
  }
  EXPECT_EQ(files(), expected);
}

INSTANTIATE_TEST_SUITE_P(Stores, StateStoreContract,
                         ::testing::Values(ContractKind::kLocalGit, ContractKind::kRecording),
                         [](const auto& info) {
                           return info.param == ContractKind::kLocalGit ? "LocalGitRepo" : "Recording";
                         });

}  // namespace
}  // namespace ferry::writer
