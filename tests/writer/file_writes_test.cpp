// File writes of a Change (writer/state_store.h FileWrite, what Kratix's canary files need): one file added,
// rewritten or deleted next to placement directories that stay as they are, on a real local repository
// (checked with the git CLI), the recording fake and the planning store alike; and their undo.
#include <gtest/gtest.h>

#include <memory>

#include "tests/support/recording_state_store.h"
#include "tests/support/test_support.h"
#include "writer/inverse_change.h"
#include "writer/local_git_repo.h"
#include "writer/planning_store.h"

namespace ferry::writer {
namespace {

using testing::git;
enum class FileWriteStoreKind { kLocalGit, kRecording, kPlanning };

const std::string kCanaryFile = "w1/dependencies/kratix-canary-namespace.yaml";
const std::string kPlacementFile = "w1/dependencies/redis/5058f/crd.yaml";

Change file_writes(std::vector<FileWrite> files) {
  Change change;
  change.files = std::move(files);
  change.message = "Update from: kratix-canary";
  return change;
}

class FileWritesTest : public ::testing::TestWithParam<FileWriteStoreKind> {
 protected:
  void SetUp() override {
    if (GetParam() == FileWriteStoreKind::kLocalGit) {
      auto repo = LocalGitRepo::open(repo_path, "main");
      ASSERT_TRUE(repo.ok()) << repo.error().render();
      store = std::move(*repo);
    } else if (GetParam() == FileWriteStoreKind::kRecording) {
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
    if (GetParam() != FileWriteStoreKind::kLocalGit) {
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
  EXPECT_TRUE(apply(file_writes({{kCanaryFile, "NS\n"}})).has_value());
  EXPECT_EQ(files(), (Files{{kCanaryFile, "NS\n"}, {kPlacementFile, "CRD\n"}}));
  EXPECT_EQ(listed(), kCanaryFile + "\n" + kPlacementFile);
  if (GetParam() == FileWriteStoreKind::kLocalGit) {
    EXPECT_EQ(git(repo_path, "cat-file -p main:" + kCanaryFile), "NS");
    EXPECT_EQ(git(repo_path, "log -1 --format=%s main"), "Update from: kratix-canary");
    EXPECT_EQ(git(repo_path, "rev-list --count main"), "2");
  }
}

TEST_P(FileWritesTest, TheSameWriteAgainMakesNoCommit) {
  ASSERT_TRUE(apply(file_writes({{kCanaryFile, "NS\n"}})).has_value());
  EXPECT_EQ(apply(file_writes({{kCanaryFile, "NS\n"}})), std::nullopt);
  if (GetParam() == FileWriteStoreKind::kLocalGit) {
    EXPECT_EQ(git(repo_path, "rev-list --count main"), "2");
  }
}

TEST_P(FileWritesTest, NewBytesReplaceTheFile) {
  ASSERT_TRUE(apply(file_writes({{kCanaryFile, "NS\n"}})).has_value());
  EXPECT_TRUE(apply(file_writes({{kCanaryFile, "NS2\n"}})).has_value());
  EXPECT_EQ(files(), (Files{{kCanaryFile, "NS2\n"}, {kPlacementFile, "CRD\n"}}));
}

TEST_P(FileWritesTest, DeletingRemovesOnlyThatFileAndAnAbsentOneChangesNothing) {
  ASSERT_TRUE(apply(file_writes({{kCanaryFile, "NS\n"}, {"w1/resources/c.yaml", "CM\n"}})).has_value());
  EXPECT_TRUE(
      apply(file_writes({{kCanaryFile, std::nullopt}, {"w1/resources/c.yaml", std::nullopt}})).has_value());
  EXPECT_EQ(files(), (Files{{kPlacementFile, "CRD\n"}}));
  EXPECT_EQ(listed(), kPlacementFile);
  EXPECT_EQ(apply(file_writes({{kCanaryFile, std::nullopt}})), std::nullopt);
}

TEST_P(FileWritesTest, PathsAreCheckedAsEveryOtherPath) {
  auto outcome = store->apply(file_writes({{"w1/../x.yaml", "X"}}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(), "invalid repository path \"w1/../x.yaml\": \"..\" segment");
  EXPECT_EQ(files(), (Files{{kPlacementFile, "CRD\n"}}));
}

TEST_P(FileWritesTest, RevertingPutsTheOldBytesBackAndRemovesNewFiles) {
  ASSERT_TRUE(apply(file_writes({{kCanaryFile, "NS\n"}})).has_value());
  const Files before = files();
  const Change change = file_writes({{kCanaryFile, "NS2\n"}, {"w1/resources/c.yaml", "CM\n"}});
  auto undo = capture_undo(*store, change);
  ASSERT_TRUE(undo.ok()) << undo.error().render();
  ASSERT_TRUE(apply(change).has_value());
  auto reverted = apply_undo(*store, *undo);
  ASSERT_TRUE(reverted.ok()) << reverted.error().render();
  EXPECT_TRUE(reverted->has_value());
  EXPECT_EQ(files(), before);
}

TEST_P(FileWritesTest, AHandEditedFileIsReportedAsDriftWhenWrittenBack) {
  if (GetParam() != FileWriteStoreKind::kLocalGit) GTEST_SKIP() << "hand edits are made with the git CLI";
  ASSERT_TRUE(apply(file_writes({{kCanaryFile, "NS\n"}})).has_value());
  const std::string clone = (temp.path() / "clone").string();
  testing::run("git clone -q " + repo_path.string() + " " + clone + " && cd " + clone + " && echo edited > " +
               kCanaryFile + " && git -c user.name=t -c user.email=t@t commit -qam edit" +
               " && git push -q origin main");
  auto outcome = store->apply(file_writes({{kCanaryFile, "NS\n"}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_TRUE(outcome->commit_sha.has_value());
  EXPECT_EQ(outcome->drift_restored, std::vector<std::string>{kCanaryFile});
}

INSTANTIATE_TEST_SUITE_P(Stores, FileWritesTest,
                         ::testing::Values(FileWriteStoreKind::kLocalGit, FileWriteStoreKind::kRecording,
                                           FileWriteStoreKind::kPlanning),
                         [](const auto& info) {
                           return std::string(info.param == FileWriteStoreKind::kLocalGit    ? "LocalGit"
                                              : info.param == FileWriteStoreKind::kRecording ? "Recording"
                                                                                             : "Planning");
                         });

}  // namespace
}  // namespace ferry::writer
