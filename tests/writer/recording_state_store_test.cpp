// RecordingStateStore specifics, and what the product's MemoryStateStore under it does differently; the
// shared StateStore behaviour is in state_store_contract_test.cpp.
#include "tests/support/recording_state_store.h"

#include <gtest/gtest.h>

namespace ferry::writer {
namespace {

using Files = std::map<std::string, std::string>;

Change recorded_change(std::vector<Bundle> bundles, std::string message = "m") {
  Change change;
  change.bundles = std::move(bundles);
  change.message = std::move(message);
  return change;
}

TEST(RecordingStateStore, NumbersCommitsWithFakeShas) {
  RecordingStateStore store;
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "1"}}}}))->commit_sha, "fake-1");
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "1"}}}}))->commit_sha, std::nullopt);
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "2"}}}}))->commit_sha, "fake-2");
  EXPECT_EQ(store.commit_count(), 2u);
}

TEST(RecordingStateStore, RecordsEveryAcceptedChangeAndEveryCommit) {
  RecordingStateStore store;
  ASSERT_TRUE(store.apply(recorded_change({{"a", {{"x", "1"}}}}, "first")).ok());
  ASSERT_TRUE(store.apply(recorded_change({{"a", {{"x", "1"}}}}, "no-op")).ok());
  ASSERT_FALSE(store.apply(recorded_change({{"/a", {}}}, "refused")).ok());
  const auto changes = store.changes();
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].message, "first");
  EXPECT_EQ(changes[1].message, "no-op");
  const auto commits = store.commits();
  ASSERT_EQ(commits.size(), 1u);
  EXPECT_EQ(commits[0].sha, "fake-1");
  EXPECT_EQ(commits[0].change.message, "first");
  EXPECT_EQ(commits[0].change.bundles[0].files, (Files{{"x", "1"}}));
}

TEST(RecordingStateStore, DescribesItselfByName) {
  EXPECT_EQ(RecordingStateStore("worker-1").describe(), "recording state store worker-1");
  EXPECT_EQ(RecordingStateStore().describe(), "recording state store recording");
}

TEST(RecordingStateStore, SetFilesSeedsTheBranchWithoutACommit) {
  RecordingStateStore store;
  store.set_files({{"other/file", "drift"}, {"a/old", "0"}});
  EXPECT_EQ(store.commit_count(), 0u);
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "1"}}}}))->commit_sha, "fake-1");
  EXPECT_EQ(store.files(), (Files{{"a/x", "1"}, {"other/file", "drift"}}));
}

TEST(RecordingStateStore, FailNextApplyFailsOnceAndRecordsNothing) {
  RecordingStateStore store;
  store.fail_next_apply(make_error("push rejected"));
  auto failed = store.apply(recorded_change({{"a", {{"x", "1"}}}}));
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().render(), "push rejected");
  EXPECT_TRUE(store.changes().empty());
  EXPECT_EQ(store.files(), Files{});
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "1"}}}}))->commit_sha, "fake-1");
}

TEST(MemoryStateStore, NamesItselfAndItsCommitsAsInMemory) {
  MemoryStateStore store("compound run state");
  EXPECT_EQ(store.describe(), "in-memory state store compound run state");
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "1"}}}}))->commit_sha, "memory-1");
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "1"}}}}))->commit_sha, std::nullopt);
  EXPECT_EQ(store.apply(recorded_change({{"a", {{"x", "2"}}}}))->commit_sha, "memory-2");
  EXPECT_EQ(store.files(), (Files{{"a/x", "2"}}));
}

TEST(RecordingStateStore, UsableThroughTheInterface) {
  RecordingStateStore recording;
  StateStore& store = recording;
  ASSERT_TRUE(store.apply(recorded_change({{"a", {{"x", "1"}}}})).ok());
  EXPECT_EQ(*store.read_files("a"), (Files{{"a/x", "1"}}));
}

}  // namespace
}  // namespace ferry::writer
