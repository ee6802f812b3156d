// End to end: the quiet-run memo (run/quiet_run.h, docs/load-cache.md). Random changes of every input it is
// keyed by, each followed by a run that may replay the memo; whenever that run ran nothing and moved no tip,
// a --full-load run (never a replay, every file parsed) on the same inputs must report the same and move
// no tip either: a replay that should have run something is caught there.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

#include "core/fault_point.h"
#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::FerryArgs;
using ferry::testing::FerryOptions;
using ferry::testing::read_file;
using ferry::testing::run_ferry;
using ferry::testing::write_file;

class QuietRunE2E : public ferry::testing::PlatformFixture {
 protected:
  fs::path memo() const { return platform() / ".ferry/state.git.quiet-run"; }

  std::string tip(const fs::path& repository) const {
    return ferry::testing::run("git --git-dir=" + ferry::testing::shell_quote(repository.string()) +
                               " rev-parse -q --verify main 2>/dev/null")
        .output;
  }
  std::string tips() const {
    return tip(platform() / ".ferry/state.git") + tip(clusters()) + tip(observability());
  }

  // `ferry reconcile --output json` with `args` and `env`: exit code, report.
  std::pair<int, nlohmann::json> run_with(const FerryArgs& args,
                                          const std::map<std::string, std::string>& env) {
    FerryOptions options;
    options.env = env;
    const auto result = run_ferry(
        FerryArgs{"reconcile", "--output", "json", platform().string()} + exec_runtime() + args, options);
    write_file(dir.path() / "stderr", result.error_output);
    return {result.exit_code, nlohmann::json::parse(result.output, nullptr, false)};
  }

  static bool all_skipped(const nlohmann::json& report) {
    for (const char* kind : {"promises", "requests"}) {
      for (const auto& r : report[kind]) {
        if (r["result"] != "skipped") return false;
      }
    }
    return true;
  }

  // Someone else's commit on the clusters store's main branch: a file ferry placed changed (drift, or a
  // canary to write again), and one it did not place.
  void commit_to_clusters(int step) {
    const fs::path work = dir.path() / ("clone-" + std::to_string(step));
    const std::string q = ferry::testing::shell_quote(work.string());
    const auto done = ferry::testing::run(
        "git clone -q " + ferry::testing::shell_quote(clusters().string()) + " " + q + " && cd " + q +
        " && echo '# changed' >> \"$(git ls-files | grep -v '^note' | head -1)\" && echo note > note-" +
        std::to_string(step) + ".txt && git add . && git -c user.name=t -c " +
        "user.email=t@example.com commit -qm note && git push -q origin HEAD:main");
    ASSERT_EQ(done.exit_code, 0) << done.output;
  }
};

// The changes, each of an input the memo keys (or of none, so that the memo is replayed): the test runs
// them in a random order, a seed per repetition.
enum class Change {
  kNothing,
  kTouchAll,         // every platform file's mtime, no content
  kRewriteSame,      // a file written again with its own text
  kResize,           // a request's spec (its size): that request runs
  kSameSizeSetBack,  // the same, with the file's size kept and its mtime set back: ctime tells
  kPromiseNote,      // a Promise's annotation: its requests run
  kComment,          // a comment in a request file: its text, not its inputs
  kNewRequest,       // a file with one more request, or that file removed again
  kStoreCommit,      // someone else's commit on a store's branch
  kEnvironment,      // the environment ferry runs in
  kShortInterval,    // --reconciliation-interval 1s after a pause of more than 1 s: every record is due
  kCount
};

TEST_F(QuietRunE2E, ReplaysOnlyWhatAFullLoadReportsTooOverRandomChanges) {
  ASSERT_EQ(run_with({}, {}).first, 0) << read_file(dir.path() / "stderr");
  int replays = 0, compared = 0;
  std::string environment_note = "0";
  bool extra_request = false;
  for (unsigned seed = 1; seed <= 3; ++seed) {
    std::mt19937 random(seed);
    for (int step = 0; step < 14; ++step) {
      const auto change = static_cast<Change>(random() % static_cast<unsigned>(Change::kCount));
      FerryArgs args;
      const fs::path redis = platform() / "requests/redis.yaml";
      switch (change) {
        case Change::kNothing:
          break;
        case Change::kTouchAll:
          for (const auto& entry : fs::recursive_directory_iterator(platform())) {
            if (entry.is_regular_file() && entry.path().string().find("/.ferry/") == std::string::npos)
              fs::last_write_time(entry.path(), fs::file_time_type::clock::now());
          }
          break;
        case Change::kRewriteSame:
          write_file(redis, read_file(redis));
          break;
        case Change::kResize: {
          std::string text = read_file(redis);
          const auto at = text.rfind("size: ");
          text.replace(at + 6, 5, text.substr(at + 6, 5) == "large" ? "small" : "large");
          write_file(redis, text);
          break;
        }
        case Change::kSameSizeSetBack: {
          const auto mtime = fs::last_write_time(redis);
          std::string text = read_file(redis);
          const auto at = text.find("size: ");
          text.replace(at + 6, 5, text.substr(at + 6, 5) == "large" ? "small" : "large");
          write_file(redis, text);
          fs::last_write_time(redis, mtime);
          break;
        }
        case Change::kPromiseNote: {
          const fs::path promise = platform() / "promises/redis.yaml";
          std::string text = read_file(promise);
          const std::string line = "  annotations: {note: \"" + std::to_string(seed * 100 + step) + "\"}\n";
          if (const auto old = text.find("  annotations: {note:"); old != std::string::npos) {
            text.replace(old, text.find('\n', old) + 1 - old, line);
          } else {
            text.replace(text.find("metadata:\n"), 10, "metadata:\n" + line);
          }
          write_file(promise, text);
          break;
        }
        case Change::kComment:
          write_file(platform() / "requests/apps.yaml",
                     read_file(platform() / "requests/apps.yaml") + "# note " + std::to_string(step) + "\n");
          break;
        case Change::kNewRequest:
          if (extra_request) {
            fs::remove(platform() / "requests/extra.yaml");
          } else {
            std::string text = read_file(redis);
            text = text.substr(0, text.find("---"));
            text.replace(text.find("name: cache-a"), 13, "name: cache-x");
            write_file(platform() / "requests/extra.yaml", text);
          }
          extra_request = !extra_request;
          break;
        case Change::kStoreCommit:
          commit_to_clusters(static_cast<int>(seed) * 100 + step);
          break;
        case Change::kEnvironment:
          environment_note = std::to_string(step);
          break;
        case Change::kShortInterval:
          // The pause makes every record due in this run, whatever the runs before took: were only some
          // due, the --full-load run after it would find more of them due and report differently. A replay
          // here would report them all skipped, unlike the full load.
          std::this_thread::sleep_for(std::chrono::milliseconds(1100));
          args = FerryArgs{"--reconciliation-interval", "1s"};
          break;
        case Change::kCount:
          break;
      }
      const std::map<std::string, std::string> env{{"QUIET_RUN_TEST_NOTE", environment_note}};
      const std::string memo_before = fs::exists(memo()) ? read_file(memo()) : "";
      const auto memo_time = fs::exists(memo()) ? fs::last_write_time(memo()) : fs::file_time_type{};
      const std::string tips_before = tips();
      auto [code, report] = run_with(args, env);
      ASSERT_EQ(code, 0) << "seed " << seed << " step " << step << ": " << read_file(dir.path() / "stderr");
      if (!all_skipped(report) || tips() != tips_before) continue;
      if (!memo_before.empty() && fs::last_write_time(memo()) == memo_time &&
          read_file(memo()) == memo_before)
        ++replays;
      auto [full_code, full] = run_with(args + FerryArgs{"--full-load"}, env);
      ASSERT_EQ(full_code, 0) << read_file(dir.path() / "stderr");
      EXPECT_EQ(full, report) << "seed " << seed << " step " << step << " change "
                              << static_cast<int>(change);
      EXPECT_EQ(tips(), tips_before) << "seed " << seed << " step " << step << " change "
                                     << static_cast<int>(change);
      ++compared;
    }
  }
  // The memo was replayed, and compared with full loads; the counts depend only on the seeds.
  EXPECT_GE(replays, 3);
  EXPECT_GE(compared, replays);
}

// The kill comes after the new memo is flushed to its temporary file, before the rename: the old memo stays
// whole; the next run finds the platform changed since it, runs the full path (nothing to run) and keeps a
// new memo, which the run after replays.
TEST_F(QuietRunE2E, ARunKilledWhileWritingTheMemoLeavesTheOldOne) {
  if (!fault_points_compiled_in()) GTEST_SKIP() << "built without FERRY_FAULT_POINTS";
  ASSERT_EQ(run_with({}, {}).first, 0);
  ASSERT_EQ(run_with({}, {}).first, 0);
  const std::string first_memo = read_file(memo());
  const fs::path apps = platform() / "requests/apps.yaml";
  write_file(apps, read_file(apps) + "# a comment\n");
  FerryOptions killed;
  killed.env["FERRY_FAULT_POINT"] = "quiet-run-write";
  const auto crash =
      run_ferry(FerryArgs{"reconcile", "--output", "json", platform().string()} + exec_runtime(), killed);
  EXPECT_EQ(crash.exit_code, 128 + 9) << crash.error_output;
  EXPECT_EQ(read_file(memo()), first_memo);

  const std::string tips_before = tips();
  auto [code, report] = run_with({}, {});
  EXPECT_EQ(code, 0) << read_file(dir.path() / "stderr");
  EXPECT_TRUE(all_skipped(report)) << report.dump();
  EXPECT_NE(read_file(memo()), first_memo);
  const std::string second_memo = read_file(memo());
  auto [replay_code, replayed] = run_with({}, {});
  EXPECT_EQ(replay_code, 0);
  EXPECT_EQ(replayed, report);
  EXPECT_EQ(read_file(memo()), second_memo);
  EXPECT_EQ(tips(), tips_before);
}

}  // namespace
}  // namespace ferry
