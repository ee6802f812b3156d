// Reverting a change (writer/inverse_change.h): captured before the change is applied, applied after it,
// the branch's bytes are as before, on the recording fake and on a real local repository alike.
#include "writer/inverse_change.h"

#include <gtest/gtest.h>

#include <memory>

#include "tests/support/recording_state_store.h"
#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"

namespace ferry::writer {
namespace {

enum class Kind { kRecording, kLocalGit };

FlatDestination none_mode() {
  return {FilepathMode::none, "state", "worker-1", "aggregated.yaml"};
}
FlatDestination aggregated_mode() {
  return {FilepathMode::aggregated_yaml, "state", "worker-2", ""};
}

// What a request "team/cache" writes: a nested bundle, a directory it clears, and flat placements.
Change request_change(const std::string& content) {
  Change change;
  change.message = "Update from: team/cache\n\nFerry-Request: Redis team/cache\n";
  change.bundles = {{"nested/cache/5058f", {{"redis.yaml", content}, {"new.yaml", "N"}}}};
  change.removed_directories = {"nested/cache/old"};
  const std::string owner = "request team/cache";
  change.flat_removals = {{none_mode(), owner}, {aggregated_mode(), owner}};
  change.flat_placements = {{none_mode(), "team-cache.w1", "cache.w1", owner, {{"cache.yaml", content}}},
                            {aggregated_mode(), "team-cache.w2", "cache.w2", owner, {{"c.yaml", content}}}};
  return change;
}

// The same request's earlier commit, and another request's flat placements beside it.
Change earlier_changes() {
  Change change = request_change("old\n");
  change.bundles.push_back({"nested/cache/old", {{"gone.yaml", "G"}}});
  change.flat_placements.push_back(
      {none_mode(), "team-other.w1", "other.w1", "request team/other", {{"o.yaml", "O"}}});
  change.flat_placements.push_back(
      {aggregated_mode(), "team-other.w2", "other.w2", "request team/other", {{"o.yaml", "O"}}});
  return change;
}

class InverseChangeTest : public ::testing::TestWithParam<Kind> {
 protected:
  void SetUp() override {
    if (GetParam() == Kind::kRecording) {
      store = &recording;
      return;
    }
    auto repo = LocalGitRepo::open(temp.path() / "store.git", "main");
    ASSERT_TRUE(repo.ok()) << repo.error().render();
    local = std::move(*repo);
    store = local.get();
  }
  Files files() { return *store->read_files(""); }

  ferry::testing::TempDir temp;
  RecordingStateStore recording;
  std::unique_ptr<LocalGitRepo> local;
  StateStore* store = nullptr;
};

TEST_P(InverseChangeTest, RevertingPutsEveryByteBack) {
  ASSERT_TRUE(store->apply(earlier_changes()).ok());
  const Files before = files();
  const Change change = request_change("new\n");
  auto undo = capture_undo(*store, change);
  ASSERT_TRUE(undo.ok()) << undo.error().render();
  ASSERT_TRUE(store->apply(change).ok());
  ASSERT_NE(files(), before);
  auto reverted = apply_undo(*store, *undo);
  ASSERT_TRUE(reverted.ok()) << reverted.error().render();
  EXPECT_TRUE(reverted->has_value());
  EXPECT_EQ(files(), before);
  EXPECT_EQ(undo->inverse.message, "Revert from: team/cache\n\nFerry-Request: Redis team/cache\n");
}

TEST_P(InverseChangeTest, RevertingOnAnEmptyBranchRemovesEverythingTheChangeWrote) {
  const Change change = request_change("new\n");
  auto undo = capture_undo(*store, change);
  ASSERT_TRUE(undo.ok()) << undo.error().render();
  ASSERT_TRUE(store->apply(change).ok());
  ASSERT_TRUE(apply_undo(*store, *undo).ok());
  EXPECT_EQ(files(), Files{});
}

TEST_P(InverseChangeTest, AChangeNeverCommittedIsNotReverted) {
  ASSERT_TRUE(store->apply(earlier_changes()).ok());
  const Files before = files();
  auto undo = capture_undo(*store, request_change("new\n"));
  ASSERT_TRUE(undo.ok()) << undo.error().render();
  auto reverted = apply_undo(*store, *undo);
  ASSERT_TRUE(reverted.ok()) << reverted.error().render();
  EXPECT_FALSE(reverted->has_value());
  EXPECT_EQ(files(), before);
}

TEST_P(InverseChangeTest, OtherOwnersChangesSinceAreKept) {
  ASSERT_TRUE(store->apply(earlier_changes()).ok());
  const Change change = request_change("new\n");
  auto undo = capture_undo(*store, change);
  ASSERT_TRUE(store->apply(change).ok());
  Change other;
  other.message = "Update from: team/other\n";
  other.flat_removals = {{aggregated_mode(), "request team/other"}};
  other.flat_placements = {
      {aggregated_mode(), "team-other.w2", "other.w2", "request team/other", {{"o.yaml", "O2"}}}};
  ASSERT_TRUE(store->apply(other).ok());
  ASSERT_TRUE(apply_undo(*store, *undo).ok());
  EXPECT_EQ(files().at("state/worker-2/aggregated.yaml"), "old\n\n---\nO2");
}

TEST_P(InverseChangeTest, PathsSomeoneChangedSinceStopTheRevert) {
  const Change change = request_change("new\n");
  auto undo = capture_undo(*store, change);
  ASSERT_TRUE(store->apply(change).ok());
  Change edit;
  edit.message = "by hand\n";
  edit.bundles = {{"nested/cache/5058f", {{"redis.yaml", "edited\n"}, {"new.yaml", "N"}}}};
  ASSERT_TRUE(store->apply(edit).ok());
  const Files edited = files();
  auto reverted = apply_undo(*store, *undo);
  ASSERT_FALSE(reverted.ok());
  EXPECT_EQ(reverted.error().render(),
            store->describe() + ": not reverted: nested/cache/5058f/redis.yaml changed since the commit");
  EXPECT_EQ(files(), edited);
}

TEST_P(InverseChangeTest, AFlatFileSomeoneChangedSinceStopsTheRevert) {
  ASSERT_TRUE(store->apply(earlier_changes()).ok());
  const Change change = request_change("new\n");
  auto undo = capture_undo(*store, change);
  ASSERT_TRUE(store->apply(change).ok());
  Change edit;
  edit.message = "by hand\n";
  edit.flat_placements = {{none_mode(), "hand", "hand", "someone", {{"cache.yaml", "edited\n"}}}};
  ASSERT_TRUE(store->apply(edit).ok());
  auto reverted = apply_undo(*store, *undo);
  ASSERT_FALSE(reverted.ok());
  EXPECT_EQ(reverted.error().render(),
            store->describe() + ": not reverted: state/worker-1/cache.yaml changed since the commit");
}

INSTANTIATE_TEST_SUITE_P(Stores, InverseChangeTest, ::testing::Values(Kind::kRecording, Kind::kLocalGit),
                         [](const auto& info) {
                           return info.param == Kind::kRecording ? "Recording" : "LocalGit";
                         });

}  // namespace
}  // namespace ferry::writer
