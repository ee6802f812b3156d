// End to end: SIGTERM while ferry is in something that does not wait for a container (docs/reliability.md,
// "Interrupts"): parsing a huge platform file, libgit2 inflating a damaged object, fetching from a server
// that trickles a byte every 2 s, and --network-timeout as the deadline of that whole fetch. Each is bounded
// in time: ferry must end within kInterruptGrace plus a margin of the signal (or at the deadline), exit 143
// (or fail naming the store and the deadline), and leave the state lock free for the next run. --runtime
// exec: no pipeline starts.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/e2e/platform_fixture.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"
#include "tests/writer/loopback_server.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::shell_quote;
using writer::testing_network::Behaviour;
using writer::testing_network::LoopbackServer;

// Load on a shared 2-core machine: the watchdog's second plus this much.
constexpr auto kMargin = 2s;

class StuckInterruptE2E : public ferry::testing::PlatformFixture {
 protected:
  // Starts `ferry reconcile` with `extra` in a process group of its own, stdout and stderr to files.
  pid_t start_ferry(const std::vector<std::string>& extra) {
    std::vector<std::string> words{ferry::testing::ferry_binary(),
                                   "reconcile",
                                   platform().string(),
                                   "--runtime",
                                   "exec",
                                   "--exec-config",
                                   exec_config()};
    words.insert(words.end(), extra.begin(), extra.end());
    return ferry::testing::spawn_in_own_group(words, dir.path() / "stdout", dir.path() / "stderr");
  }

  // The exit code of `pid` when it exits within `bound`; else -1 (the process is then killed).
  static int exit_within(pid_t pid, std::chrono::milliseconds bound) {
    for (const auto until = Clock::now() + bound; Clock::now() < until;) {
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
      std::this_thread::sleep_for(20ms);
    }
    ::kill(-pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    return -1;
  }

  // Sends SIGTERM `after` the start, then returns ferry's exit code within the watchdog's bound.
  int terminate_after(pid_t pid, std::chrono::milliseconds after) {
    std::this_thread::sleep_for(after);
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      ADD_FAILURE() << "ferry ended before the signal: " << read_file(dir.path() / "stderr");
      return -3;
    }
    ::kill(pid, SIGTERM);
    return exit_within(pid, std::chrono::duration_cast<std::chrono::milliseconds>(1s + kMargin));
  }

  // Every lock file below `where` can be taken at once.
  static void expect_locks_free(const fs::path& where) {
    int locks = 0;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(where)) {
      if (entry.path().extension() != ".lock") continue;
      ++locks;
      EXPECT_EQ(run("flock -n " + shell_quote(entry.path().string()) + " true").exit_code, 0) << entry.path();
    }
    EXPECT_GT(locks, 0) << "no lock file below " << where;
  }

  std::string stderr_text() const { return read_file(dir.path() / "stderr"); }
};

// One ConfigMap of `entries` data keys: megabytes that yaml-cpp parses for seconds in one call.
void write_huge_document(const fs::path& file, int entries) {
  std::ofstream out(file);
  out << "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: huge\ndata:\n";
  for (int i = 0; i < entries; ++i) out << "  key" << i << ": value-" << i << "\n";
}

TEST_F(StuckInterruptE2E, SigtermWhileParsingAHugeFileEndsTheRunWithinASecond) {
  write_huge_document(platform() / "huge.yaml", 1'000'000);
  const pid_t ferry = start_ferry({});
  EXPECT_EQ(terminate_after(ferry, 1500ms), 143) << stderr_text();
  EXPECT_NE(stderr_text().find("ferry: interrupted by SIGTERM"), std::string::npos) << stderr_text();
  fs::remove(platform() / "huge.yaml");
  const auto next = ferry::testing::run_ferry(ferry::testing::FerryArgs{
      "reconcile", platform().string(), "--runtime", "exec", "--exec-config", exec_config()});
  EXPECT_EQ(next.exit_code, 0) << next.error_output;
}

// libgit2 1.5 spins forever inflating a truncated loose object: here every loose object of the recorded
// state, cut to half its size after a first run. Before writer/checked_odb.h the run was stuck in libgit2,
// which never checks the signal, and the watchdog ended it within a second of SIGTERM; now the check fails
// the run before the signal, so this test holds the outcome either way: the run ends (by itself within 2 s,
// or within a second of SIGTERM), with an error, and the lock is free. The watchdog itself is tested end to
// end by the huge platform file above and in tests/pipeline/interrupt_test.cpp.
TEST_F(StuckInterruptE2E, ARunOnDamagedStateObjectsEndsWithinASecondOfSigtermOrByItself) {
  const auto first = ferry::testing::run_ferry(ferry::testing::FerryArgs{
      "reconcile", platform().string(), "--runtime", "exec", "--exec-config", exec_config()});
  ASSERT_EQ(first.exit_code, 0) << first.error_output;
  const fs::path state = platform() / ".ferry/state.git";
  int truncated = 0;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(state / "objects")) {
    if (!entry.is_regular_file() || entry.path().parent_path().filename().string().size() != 2) continue;
    fs::permissions(entry.path(), fs::perms::owner_write, fs::perm_options::add);
    fs::resize_file(entry.path(), entry.file_size() / 2);
    ++truncated;
  }
  ASSERT_GT(truncated, 0);
  const pid_t ferry = start_ferry({});
  std::this_thread::sleep_for(2s);
  int status = 0;
  if (::waitpid(ferry, &status, WNOHANG) == ferry) {
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) != 0) << stderr_text();
  } else {
    ::kill(ferry, SIGTERM);
    EXPECT_EQ(exit_within(ferry, std::chrono::duration_cast<std::chrono::milliseconds>(1s + kMargin)), 143)
        << stderr_text();
    EXPECT_NE(stderr_text().find("ferry: interrupted by SIGTERM; the run did not stop within 1 s"),
              std::string::npos)
        << stderr_text();
  }
  EXPECT_EQ(run("flock -n " + shell_quote(state.string() + ".lock") + " true").exit_code, 0);
}

// The state store on a server that sends one byte every 2 s: no read ever waits a whole --network-timeout.
class TricklingStateE2E : public StuckInterruptE2E {
 protected:
  std::vector<std::string> state_options(int network_timeout) const {
    return {"--state",           "git://127.0.0.1:" + std::to_string(server_.port()) + "/x.git",
            "--store-cache-dir", cache().string(),
            "--network-timeout", std::to_string(network_timeout)};
  }
  fs::path cache() const { return dir.path() / "cache"; }
  std::string state_url() const { return "git://127.0.0.1:" + std::to_string(server_.port()) + "/x.git"; }

  const LoopbackServer server_{Behaviour::kTrickling, 2s, 60s};
};

TEST_F(TricklingStateE2E, SigtermDuringTheFetchEndsTheRunWithinASecond) {
  const pid_t ferry = start_ferry(state_options(600));
  EXPECT_EQ(terminate_after(ferry, 3s), 143) << stderr_text();
  EXPECT_NE(stderr_text().find("error: cannot fetch from " + state_url() +
                               " (branch state): interrupted by SIGTERM\nferry: interrupted by SIGTERM\n"),
            std::string::npos)
      << stderr_text();
  expect_locks_free(cache());
}

TEST_F(TricklingStateE2E, TheNetworkTimeoutIsTheDeadlineOfTheWholeFetch) {
  const auto started = Clock::now();
  const pid_t ferry = start_ferry(state_options(5));
  const int code = exit_within(ferry, 5s + 1s + kMargin);
  EXPECT_NE(code, -1) << "still fetching after the deadline: " << stderr_text();
  EXPECT_EQ(code, 1);
  EXPECT_GE(Clock::now() - started, 5s);
  EXPECT_EQ(stderr_text(), "error: cannot fetch from " + state_url() +
                               " (branch state): not done within 5 s (--network-timeout bounds each fetch "
                               "and push)\n");
  expect_locks_free(cache());
}

}  // namespace
}  // namespace ferry
