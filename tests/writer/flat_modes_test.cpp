// Filepath modes none and aggregatedYAML (reference §4.4, §4.5), table-driven, against both LocalGitRepo and
// RecordingStateStore: each case applies its changes in order and pins every file of the branch after.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/recording_state_store.h"
#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"

namespace ferry::writer {
namespace {

using Files = std::map<std::string, std::string>;
enum class FlatStoreKind { kLocalGit, kRecording };

FlatDestination none_mode() {
  return {FilepathMode::none, "state", "worker-1", "aggregated.yaml"};
}
FlatDestination aggregated_mode(const std::string& file = "") {
  return {FilepathMode::aggregated_yaml, "state", "worker-1", file};
}

FlatPlacement placement(const FlatDestination& d, const std::string& wp, const std::string& owner,
                        Files files) {
  return {d, "ns-" + wp, wp, owner, std::move(files)};
}

// One request's run: remove all of `owner` on `d`, then place `placements` (all owned by `owner`).
Change run_of(const FlatDestination& d, const std::string& owner, std::vector<FlatPlacement> placements) {
  Change change;
  change.message = "test";
  change.flat_removals = {{d, owner}};
  change.flat_placements = std::move(placements);
  return change;
}

std::string none_record(const std::vector<std::string>& files, const std::string& owner,
                        const std::string& wp) {
  std::string text = "files:\n";
  for (const auto& f : files) text += "- \"" + f + "\"\n";
  return text + "owner: \"" + owner + "\"\nworkPlacement: \"" + wp + "\"\n";
}

struct FlatCase {
  const char* name;
  std::vector<Change> changes;
  Files expected;
};

std::vector<FlatCase> cases() {
  const auto n = none_mode();
  const auto ag = aggregated_mode();
  return {
      {"NoneWritesFilesFlatWithTheRecord",
       {run_of(n, "a", {placement(n, "wa", "a", {{"fruit.yaml", "F"}, {"sub/x.yaml", "X"}})})},
       {{"state/worker-1/fruit.yaml", "F"},
        {"state/worker-1/sub/x.yaml", "X"},
        {"state/worker-1/.kratix/ns-wa.yaml",
         none_record({"worker-1/fruit.yaml", "worker-1/sub/x.yaml"}, "a", "wa")}}},
      {"NoneRemovesFilesThatWentOnTheNextWrite",
       {run_of(n, "a", {placement(n, "wa", "a", {{"fruit.yaml", "F"}, {"veg.yaml", "V"}})}),
        run_of(n, "a", {placement(n, "wa", "a", {{"fruit.yaml", "F2"}})})},
       {{"state/worker-1/fruit.yaml", "F2"},
        {"state/worker-1/.kratix/ns-wa.yaml", none_record({"worker-1/fruit.yaml"}, "a", "wa")}}},
      {"NoneDeleteRemovesFilesAndRecord",
       {run_of(n, "a", {placement(n, "wa", "a", {{"fruit.yaml", "F"}})}), run_of(n, "a", {})},
       {}},
      {"NoneLeavesOtherOwnersAndKratixRecords",
       {[&] {
          Change c = run_of(n, "b", {placement(n, "wb", "b", {{"b.yaml", "B"}})});
          c.bundles.push_back(
              {"state/worker-1/.kratix", {{"default-kratix-wp.yaml", "files:\n- worker-1/k.yaml\n"}}});
          return c;
        }(),
        run_of(n, "a", {placement(n, "wa", "a", {{"a.yaml", "A"}})}), run_of(n, "b", {})},
       {{"state/worker-1/a.yaml", "A"},
        {"state/worker-1/.kratix/default-kratix-wp.yaml", "files:\n- worker-1/k.yaml\n"},
        {"state/worker-1/.kratix/ns-wa.yaml", none_record({"worker-1/a.yaml"}, "a", "wa")}}},
      {"AggregatedJoinsEveryPlacementInWorkPlacementOrder",
       {run_of(ag, "b", {placement(ag, "wp-b", "b", {{"x.yaml", "X"}})}),
        run_of(ag, "a", {placement(ag, "wp-a", "a", {{"y.yaml", "Y"}, {"z.yaml", "Z"}})})},
       {{"state/worker-1/aggregated.yaml", "Y\n---\nZ\n---\nX"},
        {"state/worker-1/.kratix/ns-wp-a.yaml",
         "owner: \"a\"\nworkPlacement: \"wp-a\"\nworkloads:\n- filepath: \"y.yaml\"\n  content: \"Y\"\n"
         "- filepath: \"z.yaml\"\n  content: \"Z\"\n"},
        {"state/worker-1/.kratix/ns-wp-b.yaml",
         "owner: \"b\"\nworkPlacement: \"wp-b\"\nworkloads:\n- filepath: \"x.yaml\"\n  content: \"X\"\n"}}},
      {"AggregatedRebuiltWithoutARemovedPlacement",
       {run_of(ag, "a", {placement(ag, "wp-a", "a", {{"y.yaml", "Y"}})}),
        run_of(ag, "b", {placement(ag, "wp-b", "b", {{"x.yaml", "kind: X\n"}})}), run_of(ag, "a", {})},
       {{"state/worker-1/aggregated.yaml", "kind: X\n"},
        {"state/worker-1/.kratix/ns-wp-b.yaml",
         "owner: \"b\"\nworkPlacement: \"wp-b\"\nworkloads:\n- filepath: \"x.yaml\"\n  content: \"kind: "
         "X\\n\"\n"}}},
      {"AggregatedFileGoesWithTheLastPlacement",
       {run_of(ag, "a", {placement(ag, "wp-a", "a", {{"y.yaml", "Y"}})}), run_of(ag, "a", {})},
       {}},
      {"AggregatedFilenameFromTheDestination",
       {run_of(aggregated_mode("all.yaml"), "a",
               {placement(aggregated_mode("all.yaml"), "wp-a", "a", {{"y.yaml", "Y"}})})},
       {{"state/worker-1/all.yaml", "Y"},
        {"state/worker-1/.kratix/ns-wp-a.yaml",
         "owner: \"a\"\nworkPlacement: \"wp-a\"\nworkloads:\n- filepath: \"y.yaml\"\n  content: \"Y\"\n"}}},
  };
}

class FlatModes : public ::testing::TestWithParam<FlatStoreKind> {
 protected:
  void SetUp() override {
    if (GetParam() == FlatStoreKind::kRecording) {
      store_ = std::make_unique<RecordingStateStore>();
      return;
    }
    // A fresh repository each time: cases call SetUp again.
    auto repo = LocalGitRepo::open(temp_.path() / ("store" + std::to_string(++opened_) + ".git"), "main");
    ASSERT_TRUE(repo.ok()) << repo.error().render();
    store_ = std::move(repo).value();
  }
  std::optional<std::string> apply(const Change& change) {
    auto outcome = store_->apply(change);
    EXPECT_TRUE(outcome.ok()) << outcome.error().render();
    return outcome.ok() ? outcome->commit_sha : std::nullopt;
  }
  Files files() {
    auto files = store_->read_files("");
    return files.ok() ? *files : Files{{"error", files.error().render()}};
  }

  ferry::testing::TempDir temp_;
  std::unique_ptr<StateStore> store_;
  int opened_ = 0;
};

TEST_P(FlatModes, EveryCaseEndsWithExactlyItsFiles) {
  for (const FlatCase& c : cases()) {
    SetUp();
    for (const Change& change : c.changes) apply(change);
    EXPECT_EQ(files(), c.expected) << c.name;
  }
}

TEST_P(FlatModes, RewritingTheSameFilesMakesNoCommit) {
  const auto n = none_mode();
  const auto ag = aggregated_mode();
  Change change = run_of(n, "a", {placement(n, "wa", "a", {{"a.yaml", "A"}})});
  change.flat_removals.push_back({ag, "a"});
  change.flat_placements.push_back(placement(ag, "wa", "a", {{"a.yaml", "A"}}));
  EXPECT_TRUE(apply(change).has_value());
  EXPECT_EQ(apply(change), std::nullopt);
}

TEST_P(FlatModes, NoneRefusesFilesAmongTheRecords) {
  const auto n = none_mode();
  auto outcome = store_->apply(run_of(n, "a", {placement(n, "wa", "a", {{".kratix/x.yaml", "X"}})}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(),
            "invalid repository path \".kratix/x.yaml\" in flat placement \"ns-wa\": "
            "\".kratix\" is where the records of filepath mode none are kept");
}

// Two requests whose Kratix names collide (`a/redis-x` and `a-redis/x` of Promise redis share the record
// name) would overwrite each other's record in one directory: the second is refused, naming both.
TEST_P(FlatModes, ARecordNameThatAnotherOwnerHoldsIsRefusedNamingBoth) {
  const auto n = none_mode();
  apply(
      run_of(n, "request a/redis/redis-x",
             {placement(n, "redis-redis-x-p.worker-1-5058f", "request a/redis/redis-x", {{"x.yaml", "X"}})}));
  const Files before = files();
  auto outcome = store_->apply(
      run_of(n, "request a-redis/redis/x",
             {placement(n, "redis-redis-x-p.worker-1-5058f", "request a-redis/redis/x", {{"y.yaml", "Y"}})}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(
      outcome.error().render(),
      "the flat record state/worker-1/.kratix/ns-redis-redis-x-p.worker-1-5058f.yaml belongs to request "
      "a/redis/redis-x; request a-redis/redis/x would overwrite it, because Kratix names both the same "
      "(namespace, Promise, name and pipeline joined by '-', cut to 56 characters): rename one of them");
  EXPECT_EQ(files(), before);
}

TEST_P(FlatModes, UnreadableRecordStopsTheChange) {
  const auto n = none_mode();
  Change broken;
  broken.bundles.push_back({"state/worker-1/.kratix", {{"ns-wa.yaml", "files:\n- \"unterminated\n"}}});
  apply(broken);
  auto outcome = store_->apply(run_of(n, "a", {}));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().render(),
            "cannot read record state/worker-1/.kratix/ns-wa.yaml line 2: unexpected "
            "\"- \"unterminated\"; restore or delete the file");
}

INSTANTIATE_TEST_SUITE_P(Stores, FlatModes,
                         ::testing::Values(FlatStoreKind::kLocalGit, FlatStoreKind::kRecording),
                         [](const auto& info) {
                           return info.param == FlatStoreKind::kLocalGit ? "LocalGit" : "Recording";
                         });

}  // namespace
}  // namespace ferry::writer
