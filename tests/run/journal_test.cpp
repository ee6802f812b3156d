// A request over two state stores is all-or-nothing (run/multi_store_commit.h, run/journal.h): the
// whole run against recording stores, the second of which fails; the journal in a recording state store.
#include "run/journal.h"

#include <gtest/gtest.h>

#include <functional>

#include "platform/loader.h"
#include "run/reconcile.h"
#include "tests/support/platform_texts.h"
#include "tests/support/recording_runtime.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;
using runtime::ContainerExit;
using runtime::ContainerRun;
using Files = std::map<std::string, std::string>;

constexpr const char* kStores = R"(apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata: {name: one}
spec: {url: one.git}
---
apiVersion: platform.kratix.io/v1alpha1
kind: GitStateStore
metadata: {name: two}
spec: {url: two.git}
)";

constexpr const char* kDestinations = R"(apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: dev, labels: {env: dev}}
spec: {path: dev, stateStoreRef: {kind: GitStateStore, name: one}}
---
apiVersion: platform.kratix.io/v1alpha1
kind: Destination
metadata: {name: prod, labels: {env: prod}}
spec: {path: prod, stateStoreRef: {kind: GitStateStore, name: two}}
)";

// Forwards to a recording store the test keeps, and calls `after_apply` once, after the next commit.
class HookedStore : public writer::StateStore {
 public:
  HookedStore(writer::RecordingStateStore& target, std::function<void()>& after_apply)
      : target_(target), after_apply_(after_apply) {}
  std::string describe() const override { return target_.describe(); }
  Result<writer::CommitOutcome> apply(const writer::Change& c) override {
    auto outcome = target_.apply(c);
    if (outcome && outcome->commit_sha && after_apply_) std::exchange(after_apply_, nullptr)();
    return outcome;
  }
  Result<Files> read_files(const std::string& p) override { return target_.read_files(p); }

 private:
  writer::RecordingStateStore& target_;
  std::function<void()>& after_apply_;
};

class JournalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string promise = test_platform::kPromise;
    const std::string selectors = "  destinationSelectors:\n    - matchLabels: {env: dev}\n";
    promise.erase(promise.find(selectors), selectors.size());
    write_file(dir.path() / "platform/stores.yaml", kStores);
    write_file(dir.path() / "platform/destinations.yaml", kDestinations);
    write_file(dir.path() / "platform/promise.yaml", promise);
    write_file(dir.path() / "platform/request.yaml", test_platform::kRequest);
  }

  // The pipeline writes group a (to dev, store one) and group b (to prod, store two) with `content`, or
  // fails when `content` is empty.
  RunReport run(const std::string& content, bool force = true) {
    LoadResult loaded = load_platform(dir.path() / "platform");
    EXPECT_TRUE(loaded.errors.empty());
    runtime = std::make_unique<pipeline::RecordingRuntime>([content](const ContainerRun& r) {
      if (content.empty()) return ContainerExit{1, false, ""};
      write_file(pipeline::host_path_of(r, "/kratix/output") / "a/x.yaml", content);
      write_file(pipeline::host_path_of(r, "/kratix/output") / "b/y.yaml", content);
      write_file(pipeline::host_path_of(r, "/kratix/metadata") / "destination-selectors.yaml",
                 "- {directory: a, matchLabels: {env: dev}}\n- {directory: b, matchLabels: {env: prod}}\n");
      return ContainerExit{0, false, ""};
    });
    StoreOpener opener = [this](const GitStateStore& s) -> Result<std::unique_ptr<writer::StateStore>> {
      return std::unique_ptr<writer::StateStore>(std::make_unique<HookedStore>(
          s.name == "one" ? one : two, s.name == "one" ? after_one : after_two));
    };
    std::filesystem::create_directories(dir.path() / "scratch");
    ReconcileOptions options{dir.path() / "scratch", 2, std::chrono::seconds(5), nullptr};
    options.state = &state;
    options.selection = {force, std::chrono::hours(10), std::chrono::system_clock::now()};
    auto report = reconcile(loaded.platform, *runtime, opener, options);
    EXPECT_TRUE(report.ok()) << report.error().render();
    return *report;
  }

  Files journal_files() { return *state.read_files("journal"); }

  static constexpr const char* kEntryPath = "journal/requests/redis/team-a/cache/entry.json";
  TempDir dir;
  std::unique_ptr<pipeline::RecordingRuntime> runtime;
  writer::RecordingStateStore one{"one"}, two{"two"}, state{"state"};
  std::function<void()> after_one, after_two;
};

TEST_F(JournalTest, ARequestOverTwoStoresCommitsToBothAndLeavesNoJournal) {
  const RunReport report = run("v1\n");
  ASSERT_EQ(report.requests.size(), 1u);
  EXPECT_EQ(report.requests[0].result, RequestResult::succeeded) << report.requests[0].message;
  EXPECT_EQ(report.requests[0].commits.size(), 2u);
  EXPECT_EQ(one.files().at("dev/resources/team-a/redis/cache/instance-configure/0cc17/a/x.yaml"), "v1\n");
  EXPECT_EQ(journal_files(), Files{});
  EXPECT_TRUE(report.journal_notes.empty());
  // Recorded before the first commit, removed after the last.
  ASSERT_GE(state.commits().size(), 2u);
  EXPECT_EQ(state.commits()[0].change.message,
            "ferry journal: team-a/cache (redis, Promise redis) before committing to its stores\n");
  EXPECT_TRUE(state.commits()[0].files.contains(kEntryPath));
  EXPECT_EQ(state.commits()[1].change.message, "ferry journal: team-a/cache (redis, Promise redis) done\n");
}

TEST_F(JournalTest, WhenTheSecondStoreFailsTheFirstIsRevertedToItsBytesBefore) {
  run("v1\n");
  const Files before = one.files();
  after_one = [this] { two.fail_next_apply(make_error("push refused")); };
  const RunReport report = run("v2\n");
  const RequestReport& r = report.requests[0];
  EXPECT_EQ(r.result, RequestResult::failed);
  EXPECT_EQ(r.message, "push refused\nstore two failed after commits to one; reverted: one fake-3");
  EXPECT_EQ(one.files(), before);
  EXPECT_EQ(one.commits().back().change.message.substr(0, 38), "Revert from: redis team-a/cache\n\nFerry");
  EXPECT_EQ(journal_files(), Files{});
  EXPECT_EQ(exit_code_of(report), 3);
}

TEST_F(JournalTest, ARevertThatCannotBeMadeStaysInTheJournal) {
  run("v1\n");
  after_one = [this] {  // someone edits the file right after ferry's commit, and the second store fails
    two.fail_next_apply(make_error("push refused"));
    Files edited = one.files();
    edited["dev/resources/team-a/redis/cache/instance-configure/0cc17/a/x.yaml"] = "by hand\n";
    one.set_files(edited);
  };
  const RunReport report = run("v2\n");
  EXPECT_EQ(
      report.requests[0].message,
      "push refused\nstore two failed after commits to one; not reverted, kept in the journal for the next "
      "run: recording state store one: not reverted: "
      "dev/resources/team-a/redis/cache/instance-configure/0cc17/a/x.yaml changed since the commit");
  ASSERT_TRUE(journal_files().contains(kEntryPath));
  auto entry = parse_entry(journal_files().at(kEntryPath), kEntryPath);
  ASSERT_TRUE(entry.ok()) << entry.error().render();
  ASSERT_EQ(entry->undos.size(), 1u);
  EXPECT_EQ(entry->undos[0].store, "one");
}

TEST_F(JournalTest, ALaterRunFinishesWhatTheJournalHoldsEvenWhenTheRecordSaysSkip) {
  run("v1\n");
  // As a run killed between its stores leaves it: the entry, the first store committed, no record.
  Journal journal(&state, true);
  JournalEntry entry{"requests/redis/team-a/cache", "team-a/cache (redis, Promise redis)", "", {}};
  writer::Change partial;
  partial.message = "Update from: team-a/cache\n";
  partial.bundles = {{"dev/resources/team-a/redis/cache/instance-configure/0cc17", {{"a/x.yaml", "half\n"}}}};
  entry.undos.push_back({"one", *writer::capture_undo(one, partial)});
  ASSERT_TRUE(journal.record(entry).ok());
  ASSERT_TRUE(one.apply(partial).ok());
  const RunReport report = run("v1\n", false);
  EXPECT_EQ(report.requests[0].result, RequestResult::succeeded) << report.requests[0].message;
  EXPECT_EQ(one.files().at("dev/resources/team-a/redis/cache/instance-configure/0cc17/a/x.yaml"), "v1\n");
  EXPECT_EQ(report.journal_notes,
            std::vector<std::string>{
                "team-a/cache (redis, Promise redis): finished what an earlier run committed part-way"});
  EXPECT_EQ(journal_files(), Files{});
}

TEST_F(JournalTest, ALaterRunWhereTheRequestFailsRevertsWithTheJournal) {
  run("v1\n");
  const Files before = one.files();
  after_one = [this] {
    two.fail_next_apply(make_error("push refused"));
    one.fail_next_apply(make_error("remote down"));
  };
  run("v2\n");
  ASSERT_TRUE(journal_files().contains(kEntryPath));
  ASSERT_NE(one.files(), before);
  const RunReport report = run("");
  const RequestReport& r = report.requests[0];
  EXPECT_EQ(r.result, RequestResult::failed);
  EXPECT_EQ(
      r.message,
      "pipeline \"instance-configure\" container \"generate\" (image example/redis-configure:v1) exited with "
      "code 1 and wrote no log\nreverted what an earlier run committed part-way: one fake-3");
  EXPECT_EQ(one.files(), before);
  EXPECT_EQ(report.journal_notes,
            std::vector<std::string>{"team-a/cache (redis, Promise redis): reverted what an earlier run "
                                     "committed part-way: one fake-3"});
  EXPECT_EQ(journal_files(), Files{});
}

TEST_F(JournalTest, ARequestGoneFromThePlatformIsRevertedAndItsEntryDropped) {
  after_one = [this] {
    two.fail_next_apply(make_error("push refused"));
    one.fail_next_apply(make_error("remote down"));
  };
  run("v1\n");
  ASSERT_TRUE(journal_files().contains(kEntryPath));
  std::filesystem::remove(dir.path() / "platform/request.yaml");
  const RunReport report = run("v1\n");
  EXPECT_EQ(
      report.journal_notes,
      (std::vector<std::string>{
          "team-a/cache (redis, Promise redis): reverted what an earlier run committed part-way: one fake-2",
          "team-a/cache (redis, Promise redis): no longer in the platform; its journal entry is dropped"}));
  EXPECT_EQ(one.files(), Files{});
  EXPECT_EQ(journal_files(), Files{});
}

TEST_F(JournalTest, TheEntryReadsBackAsWritten) {
  JournalEntry entry{"requests/p/ns/n", "ns/n (k, Promise p)", "digest", {}};
  writer::Change change;
  change.message = "m\n";
  change.bundles = {{"d", {{"bin", std::string("\0\xff", 2)}}}};
  change.removed_directories = {"r"};
  change.flat_removals = {{{writer::FilepathMode::none, "s", "d", "a.yaml"}, "o"}};
  change.flat_placements = {
      {{writer::FilepathMode::aggregated_yaml, "s", "e", ""}, "rec", "wp", "o", {{"f", "x"}}}};
  entry.undos.push_back({"one", {change, {{"d/bin", "1"}}, {{"d/bin", "2"}}}});
  auto read = parse_entry(entry_json(entry), "p");
  ASSERT_TRUE(read.ok()) << read.error().render();
  EXPECT_EQ(entry_json(*read), entry_json(entry));
  EXPECT_EQ(read->undos[0].undo.inverse.bundles[0].files.at("bin"), std::string("\0\xff", 2));
}

}  // namespace
}  // namespace ferry::runner
