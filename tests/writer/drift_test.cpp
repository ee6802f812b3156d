// Drift (writer/drift.h): a file of a change's own paths edited by someone else is put back by the next
// apply of that owner's change and reported, against LocalGitRepo (the edit pushed with the git CLI) and
// RecordingStateStore (the edit made with set_files).
#include "writer/drift.h"

#include <gtest/gtest.h>

#include <memory>

#include "tests/support/recording_state_store.h"
#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"
#include "writer/local_git_repo.h"

namespace ferry::writer {
namespace {

using Files = std::map<std::string, std::string>;
using Paths = std::vector<std::string>;
enum class DriftStoreKind { kLocalGit, kRecording };

Change owned_by(const std::string& owner, std::vector<Bundle> bundles) {
  Change change;
  change.bundles = std::move(bundles);
  change.message = "Update from: " + owner + "\n\nFerry-Request: x " + owner + "\n";
  return change;
}

class Drift : public ::testing::TestWithParam<DriftStoreKind> {
 protected:
  void SetUp() override {
    if (GetParam() == DriftStoreKind::kRecording) {
      recording_ = new RecordingStateStore();
      store_.reset(recording_);
      return;
    }
    auto repo = LocalGitRepo::open(repo_path(), "main");
    ASSERT_TRUE(repo.ok()) << repo.error().render();
    store_ = std::move(repo).value();
  }
  std::filesystem::path repo_path() const { return temp_.path() / "store.git"; }

  CommitOutcome apply(const Change& change) {
    auto outcome = store_->apply(change);
    EXPECT_TRUE(outcome.ok()) << outcome.error().render();
    return outcome.ok() ? *outcome : CommitOutcome{};
  }
  // Someone else writes `file` on the branch.
  void edit_by_hand(const std::string& file, const std::string& content) {
    if (recording_) {
      Files files = recording_->files();
      files[file] = content;
      recording_->set_files(files);
      return;
    }
    testing_remote::push_other_commit(repo_path(), temp_.path() / "scratch", file, content);
  }

  ferry::testing::TempDir temp_;
  std::unique_ptr<StateStore> store_;
  RecordingStateStore* recording_ = nullptr;
};

TEST_P(Drift, HandEditedFileIsRestoredAndReported) {
  const Change change = owned_by("ns/a", {{"d/a", {{"x.yaml", "1"}, {"y.yaml", "2"}}}});
  EXPECT_EQ(apply(change).drift_restored, Paths{});  // the first write
  edit_by_hand("d/a/x.yaml", "edited");
  edit_by_hand("d/a/extra.yaml", "added");
  const CommitOutcome restored = apply(change);
  EXPECT_TRUE(restored.commit_sha.has_value());
  EXPECT_EQ(restored.drift_restored, (Paths{"d/a/extra.yaml", "d/a/x.yaml"}));
  auto files = store_->read_files("d");
  ASSERT_TRUE(files.ok());
  EXPECT_EQ(*files, (Files{{"d/a/x.yaml", "1"}, {"d/a/y.yaml", "2"}}));
  EXPECT_EQ(apply(change).commit_sha, std::nullopt);  // restored: nothing left to do
}

TEST_P(Drift, EditsOutsideTheOwnersPathsAreNotItsDrift) {
  apply(owned_by("ns/a", {{"d/a", {{"x.yaml", "1"}}}}));
  apply(owned_by("ns/b", {{"d/b", {{"x.yaml", "1"}}}}));
  edit_by_hand("d/b/x.yaml", "edited");
  edit_by_hand("elsewhere.yaml", "mine");
  const CommitOutcome changed = apply(owned_by("ns/a", {{"d/a", {{"x.yaml", "2"}}}}));
  EXPECT_TRUE(changed.commit_sha.has_value());
  EXPECT_EQ(changed.drift_restored, Paths{});
}

TEST_P(Drift, NewPipelineOutputAloneIsNoDrift) {
  apply(owned_by("ns/a", {{"d/a", {{"x.yaml", "1"}}}}));
  apply(owned_by("ns/b", {{"d/b", {{"x.yaml", "1"}}}}));
  EXPECT_EQ(apply(owned_by("ns/a", {{"d/a", {{"x.yaml", "2"}, {"y.yaml", "3"}}}})).drift_restored, Paths{});
}

TEST_P(Drift, FlatFilesOfModeNoneAreCoveredToo) {
  const FlatDestination flat{FilepathMode::none, "", "w", ""};
  Change change = owned_by("ns/a", {});
  change.flat_removals = {{flat, "a"}};
  change.flat_placements = {{flat, "ns-wa", "wa", "a", {{"f.yaml", "1"}}}};
  apply(change);
  edit_by_hand("w/f.yaml", "edited");
  EXPECT_EQ(apply(change).drift_restored, Paths{"w/f.yaml"});
}

INSTANTIATE_TEST_SUITE_P(Stores, Drift,
                         ::testing::Values(DriftStoreKind::kLocalGit, DriftStoreKind::kRecording),
                         [](const auto& info) {
                           return info.param == DriftStoreKind::kLocalGit ? "LocalGit" : "Recording";
                         });

TEST(RestoredPaths, AreWhatChangedSinceTheOwnerAndIsNotKeptAsIs) {
  const FileMap own{{"a", "1"}, {"b", "1"}, {"c", "1"}};
  const FileMap now{{"a", "edited"}, {"b", "1"}, {"d", "added"}};  // c removed by hand
  const FileMap after{{"a", "1"}, {"b", "2"}, {"c", "1"}};
  EXPECT_EQ(restored_paths(own, now, after), (std::vector<std::string>{"a", "c", "d"}));
  EXPECT_EQ(restored_paths(own, now, now), std::vector<std::string>{});  // nothing put back
}

}  // namespace
}  // namespace ferry::writer
