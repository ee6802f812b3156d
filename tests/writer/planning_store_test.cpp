// PlanningStore (`ferry plan`): changes are applied in memory on the real branch's content, never to the
// real store; file_diff names what would change and renders it as git diff does.
#include <gtest/gtest.h>

#include "tests/support/recording_state_store.h"
#include "writer/file_diff.h"
#include "writer/planning_store.h"

namespace ferry::writer {
namespace {

Change bundle_change(const std::string& directory, Files files) {
  Change change;
  change.bundles.push_back({directory, std::move(files)});
  change.message = "Update from: default/a\n";
  return change;
}

class PlanningStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto recording = std::make_unique<RecordingStateStore>("real");
    real = recording.get();
    real->set_files({{"dev/a/old.yaml", "old\n"}, {"dev/b/keep.yaml", "keep\n"}});
    store = std::make_unique<PlanningStore>(std::move(recording), planned);
  }
  RecordingStateStore* real = nullptr;
  std::shared_ptr<PlannedContent> planned = std::make_shared<PlannedContent>("real");
  std::unique_ptr<PlanningStore> store;
};

TEST_F(PlanningStoreTest, AppliesChangesInMemoryAndNeverToTheRealStore) {
  auto outcome = store->apply(bundle_change("dev/a", {{"new.yaml", "new\n"}}));
  ASSERT_TRUE(outcome) << outcome.error().render();
  EXPECT_EQ(outcome->commit_sha, "planned-1");
  EXPECT_EQ(real->commit_count(), 0u);
  EXPECT_EQ(real->files(), (Files{{"dev/a/old.yaml", "old\n"}, {"dev/b/keep.yaml", "keep\n"}}));
  EXPECT_EQ(planned->before(), real->files());
  EXPECT_EQ(planned->after(), (Files{{"dev/a/new.yaml", "new\n"}, {"dev/b/keep.yaml", "keep\n"}}));
}

TEST_F(PlanningStoreTest, ReadsSeeThePlannedContent) {
  ASSERT_TRUE(store->apply(bundle_change("dev/a", {{"new.yaml", "new\n"}})));
  auto files = store->read_files("dev/a/");
  ASSERT_TRUE(files);
  EXPECT_EQ(*files, (Files{{"dev/a/new.yaml", "new\n"}}));
}

TEST_F(PlanningStoreTest, AChangeThatChangesNothingPlansNoCommit) {
  auto outcome = store->apply(bundle_change("dev/b", {{"keep.yaml", "keep\n"}}));
  ASSERT_TRUE(outcome);
  EXPECT_FALSE(outcome->commit_sha);
  EXPECT_EQ(planned->after(), planned->before());
}

TEST_F(PlanningStoreTest, RefusesWhatTheRealStoreWouldRefuse) {
  auto outcome = store->apply(bundle_change("dev/../x", {{"a.yaml", "a\n"}}));
  ASSERT_FALSE(outcome);
  EXPECT_NE(outcome.error().message.find(".."), std::string::npos) << outcome.error().message;
}

TEST(FileDiffTest, NamesEveryAddedModifiedAndDeletedPathInPathOrder) {
  const auto changes = diff_files({{"a", "1"}, {"b", "2"}, {"c", "3"}}, {{"b", "2"}, {"c", "4"}, {"d", "5"}});
  ASSERT_EQ(changes.size(), 3u);
  EXPECT_EQ(changes[0].path, "a");
  EXPECT_EQ(changes[0].kind, FileChangeKind::deleted);
  EXPECT_EQ(changes[1].path, "c");
  EXPECT_EQ(changes[1].kind, FileChangeKind::modified);
  EXPECT_EQ(changes[2].path, "d");
  EXPECT_EQ(changes[2].kind, FileChangeKind::added);
}

TEST(FileDiffTest, AModifiedFileDiffsAsGitDoes) {
  const FileChange change{"x/f.yaml", FileChangeKind::modified, "a: 1\nb: 2\n", "a: 1\nb: 3\n"};
  EXPECT_EQ(unified_diff(change),
            "--- a/x/f.yaml\n"
            "+++ b/x/f.yaml\n"
            "@@ -1,2 +1,2 @@\n"
            " a: 1\n"
            "-b: 2\n"
            "+b: 3\n");
}

TEST(FileDiffTest, AnAddedFileDiffsAgainstDevNull) {
  EXPECT_EQ(unified_diff({"f", FileChangeKind::added, "", "new\n"}),
            "--- /dev/null\n"
            "+++ b/f\n"
            "@@ -0,0 +1 @@\n"
            "+new\n");
}

TEST(FileDiffTest, ADeletedFileDiffsAgainstDevNull) {
  EXPECT_EQ(unified_diff({"f", FileChangeKind::deleted, "old\n", ""}),
            "--- a/f\n"
            "+++ /dev/null\n"
            "@@ -1 +0,0 @@\n"
            "-old\n");
}

}  // namespace
}  // namespace ferry::writer
