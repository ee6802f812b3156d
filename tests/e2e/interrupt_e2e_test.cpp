// End to end: SIGINT and SIGTERM sent to the ferry binary while redis pipelines sleep (docs/reliability.md,
// "Interrupts"), with --runtime exec, podman and oci. Checked from outside: the exit code and stderr line,
// the sleeping process and the engine's container gone, the scratch directory empty, the destination
// repositories whole (git fsck, no lock files, nothing of a stopped request), and a following run starts
// (the state lock is free) and completes. Needs the fixture images (ci/build-images), runc and bwrap.
#include <fcntl.h>
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

namespace ferry {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using ferry::testing::git;
using ferry::testing::read_file;
using ferry::testing::run;
using ferry::testing::run_ferry;
using ferry::testing::shell_quote;
using ferry::testing::write_file;

// A process's argv as NUL-separated text; "" when it is gone. Read with read(2): reading the cmdline of a
// process that exits meanwhile fails with ESRCH, which std::ifstream's buffer turns into an exception.
std::string cmdline_of(const fs::path& process) {
  const int fd = ::open((process / "cmdline").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string text;
  char buffer[4096];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  ::close(fd);
  return text;
}

// A process whose argv is exactly "sleep <seconds>" (the stopped pipeline's), or 0. Processes come and go
// while /proc is listed: a listing that fails part-way is repeated.
pid_t find_sleep(const std::string& seconds) {
  const std::string wanted = std::string("sleep") + '\0' + seconds + '\0';
  for (int attempt = 0; attempt < 10; ++attempt) {
    std::error_code ec;
    for (fs::directory_iterator it("/proc", ec), end; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (name.find_first_not_of("0123456789") != std::string::npos) continue;
      if (cmdline_of(it->path()) == wanted) return std::stoi(name);
    }
    if (!ec) return 0;
  }
  ADD_FAILURE() << "cannot list /proc";
  return 0;
}

class InterruptE2E : public ferry::testing::PlatformFixture,
                     public ::testing::WithParamInterface<std::string> {
 protected:
  void SetUp() override {
    PlatformFixture::SetUp();
    original_ = read_file(redis_promise());
    std::string sleeping = original_;
    const std::string image = "image: localhost/ferry-fixtures/redis-configure:dev";
    sleeping.replace(sleeping.find(image), image.size(),
                     image + "\n                command: [/bin/sh, -c, 'sleep " + marker_ + "']");
    write_file(redis_promise(), sleeping);
    fs::create_directories(scratch());
  }
  fs::path redis_promise() const { return platform() / "promises/redis.yaml"; }
  fs::path scratch() const { return dir.path() / "scratch"; }
  ferry::testing::FerryArgs runtime_args() const {
    return {"--runtime", GetParam(), "--exec-config", exec_config()};
  }

  // Starts ferry reconcile in the background, stdout and stderr to files, leading a process group of its own
  // as a shell's job does; returns its pid. Not through run_ferry, which waits for the process: the test
  // signals it mid-run, alone or with its group.
  pid_t start_ferry() {
    std::vector<std::string> words{ferry::testing::ferry_binary(),
                                   "reconcile",
                                   platform().string(),
                                   "--output",
                                   "json",
                                   "--runtime",
                                   GetParam(),
                                   "--exec-config",
                                   exec_config(),
                                   "--scratch-dir",
                                   scratch().string(),
                                   "--timeout",
                                   "600"};
    return ferry::testing::spawn_in_own_group(words, dir.path() / "stdout", dir.path() / "stderr");
  }

  // The exit code of `pid`, or -1 when it did not exit within a minute (then it is killed).
  static int wait_exit(pid_t pid) {
    for (auto until = std::chrono::steady_clock::now() + 60s; std::chrono::steady_clock::now() < until;) {
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -2;
      std::this_thread::sleep_for(20ms);
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    return -1;
  }

  // Interrupts a run with `signal` once a redis pipeline sleeps, sent to ferry alone or, as a terminal's
  // Ctrl-C is, to its whole process group; checks everything was cleaned up.
  void interrupt_with(int signal, int expected_exit, const std::string& name, bool to_group = false) {
    const pid_t ferry_pid = start_ferry();
    pid_t sleeping = 0;
    for (auto until = std::chrono::steady_clock::now() + 60s;
         !sleeping && std::chrono::steady_clock::now() < until;) {
      std::this_thread::sleep_for(50ms);
      sleeping = find_sleep(marker_);
    }
    ASSERT_NE(sleeping, 0) << read_file(dir.path() / "stderr");
    ASSERT_EQ(::kill(to_group ? -ferry_pid : ferry_pid, signal), 0);
    EXPECT_EQ(wait_exit(ferry_pid), expected_exit) << read_file(dir.path() / "stderr");

    const std::string stderr_text = read_file(dir.path() / "stderr");
    EXPECT_NE(stderr_text.find("ferry: interrupted by " + name + "; "), std::string::npos) << stderr_text;
    EXPECT_NE(stderr_text.find("the state was not recorded, so the next run redoes this run's work\n"),
              std::string::npos)
        << stderr_text;
    EXPECT_EQ(find_sleep(marker_), 0) << "the pipeline's process outlived ferry";
    EXPECT_TRUE(fs::is_empty(scratch())) << "the scratch directory was left behind";
    const std::string tag = "-" + std::to_string(ferry_pid) + "-";
    if (GetParam() == "podman") {
      EXPECT_EQ(run("podman ps -a --format '{{.Names}}' | grep -e " + shell_quote(tag)).output, "");
    }
    if (GetParam() == "oci") {
      EXPECT_EQ(run("runc list -q | grep -e " + shell_quote(tag)).output, "");
    }
    expect_whole_repositories();
    expect_a_following_run_completes();
  }

  // Every destination repository passes fsck, holds no lock file and nothing of a stopped redis request.
  void expect_whole_repositories() {
    for (const fs::path& repo : {clusters(), observability()}) {
      EXPECT_EQ(run("git --git-dir=" + shell_quote(repo.string()) + " fsck --strict").exit_code, 0) << repo;
      for (const fs::directory_entry& entry : fs::recursive_directory_iterator(repo)) {
        if (entry.path().filename() == "ferry-writer.lock") continue;  // flock(2)ed, checked below
        EXPECT_NE(entry.path().extension(), ".lock") << entry.path();
      }
      EXPECT_EQ(run("flock -n " + shell_quote((repo / "ferry-writer.lock").string()) + " true").exit_code, 0);
    }
    EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev/resources"), "");
  }

  // With the pipelines no longer sleeping, the next run takes the state lock and does everything.
  void expect_a_following_run_completes() {
    write_file(redis_promise(), original_);
    const auto result = run_ferry(
        ferry::testing::FerryArgs{"reconcile", "--output", "json", platform().string()} + runtime_args());
    EXPECT_EQ(result.exit_code, 0) << result.error_output;
    EXPECT_EQ(git(clusters(), "ls-tree -r --name-only main worker-dev/resources"),
              "worker-dev/resources/default/redis/cache-a/instance-configure/5058f/redis.yaml\n"
              "worker-dev/resources/team-b/redis/cache-b/instance-configure/5058f/redis.yaml");
  }

  std::string missing() const {
    if (GetParam() == "exec")
      return run("command -v bwrap").exit_code == 0 ? "" : "bwrap is missing: run ci/setup";
    if (GetParam() == "oci" && run("command -v runc").exit_code != 0) return "runc is missing: run ci/setup";
    const std::string image = "localhost/ferry-fixtures/redis-configure:dev";
    return run("podman image exists " + image).exit_code == 0 ? ""
                                                              : image + " is missing: run ci/build-images";
  }

  std::string original_;
  // Seconds no other process sleeps: marks this test's pipeline process (unique per test and process).
  static inline int tests_ = 0;
  const std::string marker_ = std::to_string(1000000 + ::getpid() * 100 + ++tests_);
};

TEST_P(InterruptE2E, SigintStopsTheRunningPipelineCleansUpAndExits130) {
  ASSERT_EQ(missing(), "");
  interrupt_with(SIGINT, 130, "SIGINT");
}

TEST_P(InterruptE2E, SigtermStopsTheRunningPipelineCleansUpAndExits143) {
  ASSERT_EQ(missing(), "");
  interrupt_with(SIGTERM, 143, "SIGTERM");
}

// Children lead their own process groups, so the terminal's signal reaches only ferry, which stops them.
TEST_P(InterruptE2E, CtrlCAtATerminalReachesOnlyFerryWhichStopsTheRunningPipeline) {
  ASSERT_EQ(missing(), "");
  interrupt_with(SIGINT, 130, "SIGINT", true);
}

INSTANTIATE_TEST_SUITE_P(Runtimes, InterruptE2E, ::testing::Values("exec", "podman", "oci"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace ferry
