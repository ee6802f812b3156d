// File writes of a Change (writer/state_store.h FileWrite, what Kratix's canary files need): one file added,
// rewritten or deleted next to placement directories that stay as they are, on a real local repository
// (checked with the git CLI), the recording fake and the planning store alike; and their undo.
#include <gtest/gtest.h>

#include <memory>

#include "tests/support/test_support.h"
#include "writer/inverse_change.h"
#include "writer/local_git_repo.h"
#include "writer/planning_store.h"
#include "writer/recording_state_store.h"

namespace ferry::writer {
namespace {

using testing::git;
enum class Kind { kLocalGit, kRecording, kPlanning };

const std::string kCanary = "w1/dependencies/kratix-canary-namespace.yaml";
const std::string kPlacement = "w1/dependencies/redis/5058f/crd.yaml";

Change writes(std::vector<FileWrite> files) {
  Change change;
  change.files = std::move(files);
  change.message = "Update from: kratix-canary";
  return change;
}

class FileWritesTest : public ::testing::TestWithParam<Kind> {
 protected:
  void SetUp() override {
    if (GetParam() == Kind::kLocalGit) {
      auto repo = LocalGitRepo::open(repo_path, "main");
      ASSERT_TRUE(repo.ok()) << repo.error().render();
      store = std::move(*repo);
    } else if (GetParam() == Kind::kRecording) {
      store = std::make_unique<RecordingStateStore>();
    } else {
      store = std::make_unique<PlanningStore>(std::make_unique<RecordingStateStore>(),
                                              std::make_shared<PlannedContent>("real"));
    }
    Change placement;
    placement.bundles = {{"w1/dependencies/redis/5058f", {{"crd.yaml", "CRD\n"}}}};
    placement.message = "Update from: promise redis";
    ASSERT_TRUE(apply(placement).has_value());
  }

  std::optional<std::string> apply(const Change& change) {
    auto outcome = store->apply(change);
    EXPECT_TRUE(outcome.ok()) << outcome.error().render();
    return outcome.ok() ? outcome->commit_sha : std::nullopt;
  }
  Files files() { return *store->read_files(""); }
  // The branch as the git CLI lists it (local repository only; the others answer with files()).
  std::string listed() {
    if (GetParam() != Kind::kLocalGit) {
      std::string text;
      for (const auto& [path, content] : files()) text += (text.empty() ? "" : "\n") + path;
      return text;
    }
    return git(repo_path, "ls-tree -r --name-only main");
  }

  ferry::testing::TempDir temp;
  std::filesystem::path repo_path = temp.path() / "store.git";
  std::unique_ptr<StateStore> store;
};

TEST_P(FileWritesTest, AddsTheFileAndKeepsThePlacementDirectoryBesideIt) {
  EXPECT_TRUE(apply(writes({{kCanary, "NS\n"}})).has_value());
  EXPECT_EQ(files(), (Files{{kCanary, "NS\n"}, {kPlacement, "CRD\n"}}));
  EXPECT_EQ(listed(), kCanary + "\n" + kPlacement);
  if (GetParam() == Kind::kLocalGit) {
    EXPECT_EQ(git(repo_path, "cat-file -p main:" + kCanary), "NS");
    EXPECT_EQ(git(repo_path, "log -1 --format=%s main"), "Update from: kratix-canary");
    EXPECT_EQ(git(repo_path, "rev-list --count main"), "2");
  }
}

TEST_P(FileWritesTest, TheSameWriteAgainMakesNoCommit) {
  ASSERT_TRUE(apply(writes({{kCanary, "NS\n"}})).has_value());
  EXPECT_EQ(apply(writes({{kCanary, "NS\n"}})), std::nullopt);
  if (GetParam() == Kind::kLocalGit) {
    EXPECT_EQ(git(repo_path, "rev-list --count main"), "2");
  }
}

TEST_P(FileWritesTest, NewBytesReplaceTheFile) {
  ASSERT_TRUE(apply(writes({{kCanary, "NS\n"}})).has_value());
  EXPECT_TRUE(apply(writes({{kCanary, "NS2\n"}})).has_value());
  EXPECT_EQ(files(), (Files{{kCanary, "NS2\n"}, {kPlacement, "CRD\n"}}));
}

TEST_P(FileWritesTest, DeletingRemovesOnlyThatFileAndAnAbsentOneChangesNothing) {
  ASSERT_TRUE(apply(writes({{kCanary, "NS\n"}, {"w1/resources/c.yaml", "CM\n"}})).has_value());
  EXPECT_TRUE(apply(writes({{kCanary, std::nullopt}, {"w1/resources/c.yaml", std::nullopt}})).has_value());
  EXPECT_EQ(files(), (Files{{kPlacement, "CRD\n"}}));
  EXPECT_EQ(listed(), kPlacement);
  EXPECT_EQ(apply(writes({{kCanary, std::nullopt}})), std::nullopt);
}

TEST_P(FileWritesTest, PathsAreCheckedAsEveryOtherPath) {
  auto outcome = store->apply(writes({{"w1/../x.yaml", "X"}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(), "invalid repository path \"w1/../x.yaml\": \"..\" segment");
  EXPECT_EQ(files(), (Files{{kPlacement, "CRD\n"}}));
}

TEST_P(FileWritesTest, RevertingPutsTheOldBytesBackAndRemovesNewFiles) {
  ASSERT_TRUE(apply(writes({{kCanary, "NS\n"}})).has_value());
  const Files before = files();
  const Change change = writes({{kCanary, "NS2\n"}, {"w1/resources/c.yaml", "CM\n"}});
  auto undo = capture_undo(*store, change);
  ASSERT_TRUE(undo.ok()) << undo.error().render();
  ASSERT_TRUE(apply(change).has_value());
  auto reverted = apply_undo(*store, *undo);
  ASSERT_TRUE(reverted.ok()) << reverted.error().render();
  EXPECT_TRUE(reverted->has_value());
  EXPECT_EQ(files(), before);
}

TEST_P(FileWritesTest, AHandEditedFileIsReportedAsDriftWhenWrittenBack) {
  if (GetParam() != Kind::kLocalGit) GTEST_SKIP() << "hand edits are made with the git CLI";
  ASSERT_TRUE(apply(writes({{kCanary, "NS\n"}})).has_value());
  const std::string clone = (temp.path() / "clone").string();
  testing::run("git clone -q " + repo_path.string() + " " + clone + " && cd " + clone + " && echo edited > " +
               kCanary + " && git -c user.name=t -c user.email=t@t commit -qam edit" +
               " && git push -q origin main");
  auto outcome = store->apply(writes({{kCanary, "NS\n"}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_TRUE(outcome->commit_sha.has_value());
  EXPECT_EQ(outcome->drift_restored, std::vector<std::string>{kCanary});
}

INSTANTIATE_TEST_SUITE_P(Stores, FileWritesTest,
                         ::testing::Values(Kind::kLocalGit, Kind::kRecording, Kind::kPlanning),
                         [](const auto& info) {
                           return std::string(info.param == Kind::kLocalGit    ? "LocalGit"
                                              : info.param == Kind::kRecording ? "Recording"
                                                                               : "Planning");
                         });

}  // namespace
}  // namespace ferry::writer
