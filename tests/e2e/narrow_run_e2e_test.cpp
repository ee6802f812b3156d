// End to end: narrow runs (run/narrow_run.h, docs/load-cache.md "Narrow runs"). Two copies of the same
// platform take the same random changes; after each, one runs as a user would (narrow when it can), the other
// with --full-load (never narrow, every file parsed, every record read). Both must print the same report
// (commit ids and times aside), leave the same files in every Destination and the same records, and a no-op
// run after each must print the same as well: a narrow run that ran too little, or a memo that it kept
// wrong, is caught there.
#include <gtest/gtest.h>

#include <random>
#include <regex>

#include "core/fault_point.h"
#include "tests/e2e/platform_fixture.h"
#include "tests/e2e/records_agree.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::write_file;

// One run of the text report: exit code, stdout, and whether it was narrow (its stderr says so).
struct TextRun {
  int code = 0;
  std::string report;
  bool narrow = false;
};

// The report with what differs between two copies run a moment apart blanked: commit ids and times.
std::string comparable(const std::string& report) {
  static const std::regex commit("committed [0-9a-f]{12}"), since("since [0-9T:Z-]+");
  return std::regex_replace(std::regex_replace(report, commit, "committed C"), since, "since T");
}

class NarrowRunE2E : public ferry::testing::PlatformFixture {
 protected:
  fs::path copy() const { return dir.path() / "copy"; }

  static TextRun run(const fs::path& platform, const FerryArgs& extra = {}) {
    // Without the pipeline cache, which both copies would share.
    const auto result = run_ferry(FerryArgs{"reconcile", platform.string(), "--no-pipeline-cache"} +
                                  ferry::testing::PlatformFixture::exec_runtime() + extra);
    return {result.exit_code, result.output,
            result.error_output.find("\"Narrow runs\"") != std::string::npos};
  }

  // The files of every Destination and the records' paths, of the platform below `root`.
  static std::string trees(const fs::path& root) {
    std::string out;
    for (const char* store : {"state/clusters.git", "state/observability.git"}) {
      for (const auto& [path, blob] : ferry::testing::files_of_branch(root / store, "main"))
        out += path + " " + blob + "\n";
    }
    return out +
           ferry::testing::run(
               "git --git-dir=" + ferry::testing::shell_quote((root / "platform/.ferry/state.git").string()) +
               " ls-tree -r --name-only state && git --git-dir=" +
               ferry::testing::shell_quote((root / "platform/.ferry/state.git").string()) +
               " log -1 --format=%s state")
               .output;
  }

  // The same edit of both copies: `edit(text)` of the file at `relative` below each platform.
  template <typename Edit>
  void edit_both(const std::string& relative, Edit edit) {
    for (const fs::path& root : {dir.path(), copy()}) {
      const fs::path file = root / "platform" / relative;
      write_file(file, edit(read_file(file)));
    }
  }
};

// A request's size flipped: its document changes in place (the same lines), so the next run may be narrow.
std::string flip_size(std::string text, std::size_t which) {
  std::size_t at = text.find("size: ");
  for (std::size_t i = 0; i < which && at != std::string::npos; ++i) at = text.find("size: ", at + 1);
  if (at == std::string::npos) return text;
  text.replace(at + 6, 5, text.substr(at + 6, 5) == "large" ? "small" : "large");
  return text;
}

TEST_F(NarrowRunE2E, ReportsAndLeavesWhatAWholeRunDoesOverRandomChanges) {
  // The first run, then a no-op that keeps the memo; the copy is taken then, stores and all.
  ASSERT_EQ(run(platform()).code, 0);
  ASSERT_EQ(run(platform()).code, 0);
  fs::create_directories(copy());
  fs::copy(platform(), copy() / "platform", fs::copy_options::recursive);
  fs::copy(dir.path() / "state", copy() / "state", fs::copy_options::recursive);
  int narrow = 0;
  std::mt19937 random(7);
  for (int step = 0; step < 16; ++step) {
    const unsigned kind = random() % 6;
    const std::size_t which = random() % 3;
    if (kind == 0) edit_both("requests/redis.yaml", [which](std::string t) { return flip_size(t, which); });
    if (kind == 1) {  // two files at once
      edit_both("requests/redis.yaml", [](std::string t) { return flip_size(t, 0); });
      edit_both("requests/apps.yaml", [](std::string t) { return flip_size(t, 0); });
    }
    if (kind == 2) edit_both("requests/apps.yaml", [](std::string t) { return t + "# note\n"; });
    if (kind == 3) {  // a line more in the first document: the documents after it move down
      edit_both("requests/redis.yaml",
                [](std::string t) { return t.replace(t.find("spec:\n"), 6, "spec:\n  # moved\n"); });
    }
    if (kind == 4) {  // a request added, or removed again (a deletion): the whole path
      edit_both("requests/apps.yaml", [](std::string t) {
        const std::string extra =
            "---\napiVersion: example.ferry.dev/v1\nkind: App\nmetadata:\n  name: wiki\n"
            "  namespace: default\nspec:\n  image: nginx:1.27\n";
        const auto at = t.find(extra);
        return at == std::string::npos ? t + extra : t.erase(at, extra.size());
      });
    }
    // kind 5: nothing (a replay)
    const TextRun mine = run(platform());
    const TextRun whole = run(copy() / "platform", {"--full-load"});
    ASSERT_EQ(mine.code, whole.code) << "step " << step << "\n" << mine.report << whole.report;
    EXPECT_EQ(comparable(mine.report), comparable(whole.report)) << "step " << step << " kind " << kind;
    EXPECT_EQ(trees(dir.path()), trees(copy())) << "step " << step << " kind " << kind;
    narrow += mine.narrow ? 1 : 0;
    // The run after it, with nothing changed: the memo the narrow run left, against a whole no-op.
    const TextRun again = run(platform());
    const TextRun whole_again = run(copy() / "platform", {"--full-load"});
    EXPECT_FALSE(again.narrow);
    EXPECT_EQ(comparable(again.report), comparable(whole_again.report))
        << "step " << step << " kind " << kind;
    EXPECT_EQ(trees(dir.path()), trees(copy())) << "step " << step << " kind " << kind;
  }
  EXPECT_GE(narrow, 4);  // the count depends on the seed only
}

// What a narrow run cannot take is taken by the whole path: a Promise changed, a request renamed, a new one.
TEST_F(NarrowRunE2E, TakesTheWholePathForAnythingButDocumentsEditedInPlace) {
  ASSERT_EQ(run(platform()).code, 0);
  ASSERT_EQ(run(platform()).code, 0);
  const fs::path redis = platform() / "requests/redis.yaml";
  write_file(redis, flip_size(read_file(redis), 0));
  EXPECT_TRUE(run(platform()).narrow);
  const fs::path promise = platform() / "promises/redis.yaml";
  write_file(promise, read_file(promise) + "# note\n");
  write_file(redis, flip_size(read_file(redis), 0));
  EXPECT_FALSE(run(platform()).narrow);  // a Promise file changed (and no memo: the run before ran)
  ASSERT_FALSE(run(platform()).narrow);  // a no-op keeps a memo
  std::string text = read_file(redis);
  write_file(redis, text.replace(text.find("name: cache-a"), 13, "name: cache-z"));
  const TextRun renamed = run(platform());
  EXPECT_FALSE(renamed.narrow);
  EXPECT_NE(renamed.report.find("deleted  default/cache-a"), std::string::npos) << renamed.report;
}

// A policy with a workload anti-affinity term schedules each request against where the others are: a run
// that loaded only the changed one would not see them, so every run takes the whole path.
TEST_F(NarrowRunE2E, TakesTheWholePathWhenAPolicyReadsTheOtherRequestsPlacements) {
  write_file(platform() / "policies.yaml",
             "apiVersion: scheduling.ferry.dev/v1alpha1\nkind: PlacementPolicy\nmetadata:\n  name: apart\n"
             "spec:\n  promises: [redis]\n  predicates:\n    workloadAntiAffinity:\n"
             "      preferredDuringSchedulingIgnoredDuringExecution:\n      - weight: 10\n        "
             "workloadAffinityTerm:\n"
             "          labelSelector: {matchLabels: {app: cache}}\n          topologyKey: region\n");
  ASSERT_EQ(run(platform()).code, 0);
  ASSERT_EQ(run(platform()).code, 0);
  const fs::path redis = platform() / "requests/redis.yaml";
  write_file(redis, flip_size(read_file(redis), 0));
  const TextRun changed = run(platform());
  EXPECT_EQ(changed.code, 0) << changed.report;
  EXPECT_FALSE(changed.narrow);
  EXPECT_NE(changed.report.find("succeeded  default/cache-a"), std::string::npos) << changed.report;
}

// A whole run that ran requests and said nothing else keeps the memo of the no-op run after it, so the
// change after it is narrow, and a no-op after that prints what a whole one does.
TEST_F(NarrowRunE2E, AWholeRunThatRanRequestsLeavesAMemoForTheNextChange) {
  ASSERT_EQ(run(platform()).code, 0);
  const fs::path apps = platform() / "requests/apps.yaml";
  write_file(apps, read_file(apps) +
                       "---\napiVersion: example.ferry.dev/v1\nkind: App\nmetadata:\n  name: wiki\n"
                       "  namespace: default\nspec:\n  image: nginx:1.27\n");
  const TextRun added = run(platform());  // a new request: the whole path, which runs it
  ASSERT_EQ(added.code, 0);
  EXPECT_FALSE(added.narrow);
  EXPECT_NE(added.report.find("succeeded  default/wiki"), std::string::npos) << added.report;
  const fs::path redis = platform() / "requests/redis.yaml";
  write_file(redis, flip_size(read_file(redis), 0));
  const TextRun changed = run(platform());
  EXPECT_TRUE(changed.narrow);
  EXPECT_NE(changed.report.find("succeeded  default/cache-a"), std::string::npos) << changed.report;
  EXPECT_NE(changed.report.find("skipped  default/wiki"), std::string::npos) << changed.report;
  const TextRun again = run(platform());
  const TextRun whole = run(platform(), {"--full-load"});
  EXPECT_EQ(comparable(again.report), comparable(whole.report));
  EXPECT_EQ(whole.report.find("succeeded"), std::string::npos) << whole.report;
}

// The kill comes after a narrow run committed, while it writes the memo for the run after it: the old memo
// stays, keyed by the state's tip before the run, so the next run takes the whole path and finds nothing to
// do.
TEST_F(NarrowRunE2E, ARunKilledWhileWritingItsMemoLeavesTheOldOneUnused) {
  if (!fault_points_compiled_in()) GTEST_SKIP() << "built without FERRY_FAULT_POINTS";
  ASSERT_EQ(run(platform()).code, 0);
  ASSERT_EQ(run(platform()).code, 0);
  const fs::path memo = platform() / ".ferry/state.git.quiet-run";
  const std::string old_memo = read_file(memo);
  const fs::path redis = platform() / "requests/redis.yaml";
  write_file(redis, flip_size(read_file(redis), 1));
  ferry::testing::FerryOptions killed;
  killed.env["FERRY_FAULT_POINT"] = "quiet-run-write";
  const auto crash =
      run_ferry(FerryArgs{"reconcile", platform().string(), "--no-pipeline-cache"} + exec_runtime(), killed);
  EXPECT_EQ(crash.exit_code, 128 + 9) << crash.error_output;
  EXPECT_NE(crash.error_output.find("\"Narrow runs\""), std::string::npos) << crash.error_output;
  EXPECT_EQ(read_file(memo), old_memo);
  const TextRun next = run(platform());
  EXPECT_EQ(next.code, 0);
  EXPECT_FALSE(next.narrow);
  EXPECT_EQ(next.report.find("succeeded"), std::string::npos) << next.report;
  expect_records_agree({});
}

}  // namespace
}  // namespace ferry
