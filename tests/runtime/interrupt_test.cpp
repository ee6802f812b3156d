// runtime/interrupt.h and runtime/cli_engine.h's child processes: interruptible waits, process groups,
// starts (streams, working directory) and exits. Real signals are raised in a forked child, so the test
// process keeps its own handlers; the in-process tests use interrupt_for_testing.
#include "runtime/interrupt.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <thread>

#include "runtime/cli_engine.h"
#include "tests/support/test_support.h"

namespace ferry::runtime {
namespace {

using namespace std::chrono_literals;
using ferry::testing::read_file;
using ferry::testing::TempDir;

// Runs `body` in a forked child and returns its exit status (-1 when a signal ended it).
template <class Body>
int in_child(Body body) {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(body());
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// ThreadSanitizer defers a raised signal to its next intercepted call, and two SIGINTs pending at once are
// then delivered as one, so "a second signal" cannot be produced on purpose under it; the plain and ASan
// runs of ci/test cover these paths.
[[maybe_unused]] constexpr const char* kTsanCoalescesSignals =
    "ThreadSanitizer coalesces the two raised signals";
// install_interrupt_handlers starts the watchdog thread; ThreadSanitizer refuses to start a thread in a child
// forked from a multi-threaded process (this test binary, once TBB's workers run), and ends the child.
[[maybe_unused]] constexpr const char* kTsanNoThreadsAfterFork =
    "ThreadSanitizer cannot start the watchdog thread in a child forked from a multi-threaded process";
[[maybe_unused]] constexpr const char* kTsanForksForVfork =
    "ThreadSanitizer runs vfork as fork, so a failed execve cannot report through the shared memory";

// True once `pid` no longer runs (gone, or a zombie), within five seconds.
bool ends(pid_t pid) {
  for (int i = 0; i < 250; ++i) {
    const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
    if (stat.empty() || stat.find(") Z ") != std::string::npos) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

// The pid a child wrote to `file`, waiting for it to appear.
pid_t pid_in(const std::filesystem::path& file) {
  for (int i = 0; i < 250 && read_file(file).empty(); ++i) std::this_thread::sleep_for(20ms);
  return std::stoi("0" + read_file(file));
}

class Interrupt : public ::testing::Test {
 protected:
  void TearDown() override { reset_interrupt_for_testing(); }
};

TEST_F(Interrupt, NothingIsInterruptedBeforeASignal) {
  EXPECT_FALSE(interrupted());
  EXPECT_EQ(interrupt_signal(), 0);
  EXPECT_EQ(interrupt_exit_code(), 0);
}

TEST_F(Interrupt, ASignalIsRecordedWithItsNumberAndMakesTheDescriptorReadable) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanNoThreadsAfterFork;
#endif
  const int code = in_child([] {
    install_interrupt_handlers();
    pollfd before{interrupt_fd(), POLLIN, 0};
    if (::poll(&before, 1, 0) != 0) return 1;
    ::raise(SIGTERM);
    pollfd after{interrupt_fd(), POLLIN, 0};
    if (!interrupted() || interrupt_signal() != SIGTERM || interrupt_exit_code() != 143) return 2;
    if (std::string(interrupt_signal_name()) != "SIGTERM") return 3;
    return ::poll(&after, 1, 0) == 1 ? 0 : 4;
  });
  EXPECT_EQ(code, 0);
}

TEST_F(Interrupt, ASecondSignalKillsTheChildrenAndExitsAtOnce) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanCoalescesSignals;
#endif
  TempDir dir;
  const auto pid_file = dir.path() / "pid";
  const int code = in_child([&] {
    install_interrupt_handlers();
    auto child = cli::ChildProcess::start(
        "/bin/sh", {"-c", "echo $$ >" + pid_file.string() + "; exec sleep 1000"}, nullptr);
    if (!child) return 1;
    pid_in(pid_file);
    ::raise(SIGINT);
    ::raise(SIGINT);
    return 2;  // not reached: the second signal exits 130
  });
  EXPECT_EQ(code, 130);
  EXPECT_TRUE(ends(pid_in(pid_file)));
}

TEST_F(Interrupt, ASecondSignalInsideAnUninterruptibleSectionExitsWhenItEnds) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanCoalescesSignals;
#endif
  TempDir dir;
  const auto done = dir.path() / "done";
  const int code = in_child([&] {
    install_interrupt_handlers();
    {
      const UninterruptibleSection commit;
      ::raise(SIGINT);
      ::raise(SIGINT);
      ferry::testing::write_file(done, "the commit finished");
    }
    return 2;  // not reached: the section's end exits 130
  });
  EXPECT_EQ(code, 130);
  EXPECT_EQ(read_file(done), "the commit finished");
}

// A call that never checks the signal (as a YAML parse of a huge file or a libgit2 read): here a read(2)
// that SA_RESTART resumes. The watchdog ends the process kInterruptGrace after the signal, with its code;
// alarm(5) bounds the test when it does not (the child then dies of SIGALRM).
TEST_F(Interrupt, ARunStuckInACallThatNeverChecksEndsOneSecondAfterTheSignal) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanNoThreadsAfterFork;
#endif
  const auto started = std::chrono::steady_clock::now();
  const int code = in_child([] {
    ::alarm(5);
    install_interrupt_handlers();
    int fds[2];
    if (::pipe(fds) != 0) return 1;
    ::raise(SIGTERM);
    char byte = 0;
    [[maybe_unused]] const auto got = ::read(fds[0], &byte, 1);  // nothing is ever written
    return 2;
  });
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(code, 143);
  EXPECT_GE(took, kInterruptGrace);
  EXPECT_LT(took, kInterruptGrace + 2s);
}

// The watchdog never cuts a commit short: it waits for the open UninterruptibleSection, then exits.
TEST_F(Interrupt, TheWatchdogLetsAnOpenUninterruptibleSectionFinishFirst) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanNoThreadsAfterFork;
#endif
  TempDir dir;
  const auto done = dir.path() / "done";
  const auto started = std::chrono::steady_clock::now();
  const int code = in_child([&]() -> int {
    ::alarm(8);
    install_interrupt_handlers();
    {
      const UninterruptibleSection commit;
      ::raise(SIGTERM);
      std::this_thread::sleep_for(2s);
      ferry::testing::write_file(done, "the commit finished");
    }
    for (;;) ::pause();  // stuck after the commit: the section's end exits 143
  });
  EXPECT_EQ(code, 143);
  EXPECT_EQ(read_file(done), "the commit finished");
  EXPECT_GE(std::chrono::steady_clock::now() - started, 2s);
}

// While a child runs the watchdog waits (a container being stopped), but for kChildStopLimit at most: a
// child that never ends (here one nobody waits for) is killed with its group, and the run ends.
TEST_F(Interrupt, TheWatchdogWaitsForRunningChildrenUpToTheirLimit) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanNoThreadsAfterFork;
#endif
  TempDir dir;
  const auto pid_file = dir.path() / "pid";
  const auto started = std::chrono::steady_clock::now();
  const int code = in_child([&]() -> int {
    ::alarm(20);
    install_interrupt_handlers();
    auto child = cli::ChildProcess::start(
        "/bin/sh", {"-c", "echo $$ >" + pid_file.string() + "; exec sleep 1000"}, nullptr);
    if (!child) return 1;
    pid_in(pid_file);
    ::raise(SIGTERM);
    for (;;) ::pause();
  });
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(code, 143);
  EXPECT_GE(took, kChildStopLimit);
  EXPECT_LT(took, kChildStopLimit + kInterruptGrace + 3s);
  EXPECT_TRUE(ends(pid_in(pid_file)));
}

TEST_F(Interrupt, AWaitForAContainerStopsItWhenFerryIsInterrupted) {
  auto child = cli::ChildProcess::start("/bin/sleep", {"30"}, nullptr);
  ASSERT_TRUE(child);
  std::thread signal([] {
    std::this_thread::sleep_for(200ms);
    interrupt_for_testing(SIGINT);
  });
  const auto started = cli::Clock::now();
  bool stopped = false;
  const cli::Outcome outcome = cli::wait_or_stop(*child, std::chrono::seconds(60), [&] {
    stopped = true;
    child->kill();
  });
  signal.join();
  EXPECT_TRUE(stopped);
  EXPECT_TRUE(outcome.interrupted);
  EXPECT_TRUE(outcome.timed_out);
  EXPECT_LT(cli::Clock::now() - started, 10s);
}

TEST_F(Interrupt, AWaitAfterAnInterruptStopsTheChildAtOnce) {
  interrupt_for_testing(SIGTERM);
  auto child = cli::ChildProcess::start("/bin/sleep", {"30"}, nullptr);
  ASSERT_TRUE(child);
  const cli::Outcome outcome = cli::wait_or_stop(*child, std::chrono::seconds(60), [&] { child->kill(); });
  EXPECT_TRUE(outcome.interrupted);
  EXPECT_EQ(interrupt_exit_code(), 143);
}

TEST_F(Interrupt, HelperWaitsAreNotInterrupted) {
  interrupt_for_testing(SIGINT);
  auto child = cli::ChildProcess::start("/bin/sh", {"-c", "sleep 0.3; exit 4"}, nullptr);
  ASSERT_TRUE(child);
  ASSERT_TRUE(child->wait_until(cli::Clock::now() + 10s));
  EXPECT_EQ(child->exit_code(), 4);
}

TEST(ChildProcessGroup, EachChildLeadsItsOwnProcessGroup) {
  auto captured = cli::run_captured("/bin/sh", {"-c",
                                                "read -r pid comm state ppid pgid rest </proc/$$/stat; "
                                                "[ \"$pid\" = \"$pgid\" ] && echo leader"});
  ASSERT_TRUE(captured);
  EXPECT_EQ(captured->output, "leader\n");
}

TEST(ChildProcessGroup, KillEndsTheWholeGroup) {
  TempDir dir;
  const auto pid_file = dir.path() / "pid";
  auto child = cli::ChildProcess::start(
      "/bin/sh", {"-c", "sleep 1000 & echo $! >" + pid_file.string() + "; wait"}, nullptr);
  ASSERT_TRUE(child);
  const pid_t grandchild = pid_in(pid_file);
  ASSERT_GT(grandchild, 0);
  child->kill();
  EXPECT_TRUE(ends(grandchild));
}

// A grandchild outside the group (as bwrap's sandbox init may be, and whose end follows the group's only
// after a while) has ended when kill() returns: the interrupt tests look for it at once.
TEST(ChildProcessGroup, KillReturnsOnlyOnceTheChildsOwnChildrenHaveEnded) {
  TempDir dir;
  const auto pid_file = dir.path() / "pid";
  auto child = cli::ChildProcess::start(
      "/bin/sh", {"-c", "setsid sleep 2 & echo $! >" + pid_file.string() + "; wait"}, nullptr);
  ASSERT_TRUE(child);
  const pid_t grandchild = pid_in(pid_file);
  ASSERT_GT(grandchild, 0);
  child->kill();
  const std::string stat = read_file("/proc/" + std::to_string(grandchild) + "/stat");
  EXPECT_TRUE(stat.empty() || stat.find(") Z ") != std::string::npos) << stat;
}

// Children start with vfork, so a failed execve is reported through the memory the child shared with
// ferry: the start fails with the file and errno's text.
TEST(ChildProcessStart, AFileThatCannotBeExecutedIsAnErrorNamingIt) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanForksForVfork;
#endif
  TempDir dir;
  const auto script = dir.path() / "not-executable.sh";
  ferry::testing::write_file(script, "#!/bin/sh\nexit 0\n");
  auto child = cli::ChildProcess::start(script.string(), {}, nullptr);
  ASSERT_FALSE(child);
  EXPECT_EQ(child.error().message, script.string() + ": Permission denied");
}

TEST(ChildProcessStart, TheChildWritesBothStreamsToTheGivenFile) {
  cli::LogFile log;
  ASSERT_NE(log.file(), nullptr);
  auto child = cli::ChildProcess::start("/bin/sh", {"-c", "echo out; echo err >&2; exit 3"}, log.file());
  ASSERT_TRUE(child);
  ASSERT_TRUE(child->wait_until(cli::Clock::now() + 10s));
  EXPECT_EQ(child->exit_code(), 3);
  EXPECT_EQ(log.read(), "out\nerr\n");
}

// The ChildSetup start: stdin from a file, stdout and stderr apart, a working directory of its own.
TEST(ChildProcessStart, EachStreamAndTheDirectoryAreWhereTheSetupSays) {
  TempDir dir;
  ferry::testing::write_file(dir.path() / "input", "from stdin\n");
  const std::unique_ptr<FILE, int (*)(FILE*)> in(std::fopen((dir.path() / "input").c_str(), "rbe"),
                                                 &std::fclose);
  ASSERT_NE(in, nullptr);
  cli::LogFile out;
  cli::LogFile err;
  ASSERT_NE(out.file(), nullptr);
  ASSERT_NE(err.file(), nullptr);
  auto child = cli::ChildProcess::start("/bin/sh", {"-c", "cat; pwd -P; echo err >&2"},
                                        {in.get(), out.file(), err.file(), dir.path()});
  ASSERT_TRUE(child) << child.error().message;
  ASSERT_TRUE(child->wait_until(cli::Clock::now() + 10s));
  EXPECT_EQ(child->exit_code(), 0);
  EXPECT_EQ(out.read(), "from stdin\n" + std::filesystem::canonical(dir.path()).string() + "\n");
  EXPECT_EQ(err.read(), "err\n");
}

TEST(ChildProcessStart, ADirectoryItCannotEnterFailsTheStart) {
#if defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << kTsanForksForVfork;
#endif
  TempDir dir;
  auto child = cli::ChildProcess::start("/bin/true", {}, {nullptr, nullptr, nullptr, dir.path() / "missing"});
  ASSERT_FALSE(child);
  EXPECT_EQ(child.error().message, "/bin/true: No such file or directory");
}

TEST(ChildProcessExit, TheSignalThatEndedAChildIsToldApartFromItsStatus) {
  auto killed = cli::ChildProcess::start("/bin/sh", {"-c", "kill -TERM $$"}, nullptr);
  ASSERT_TRUE(killed);
  ASSERT_TRUE(killed->wait_until(cli::Clock::now() + 10s));
  EXPECT_EQ(killed->term_signal(), SIGTERM);
  EXPECT_EQ(killed->exit_code(), 128 + SIGTERM);
  auto exited = cli::ChildProcess::start("/bin/sh", {"-c", "exit 143"}, nullptr);
  ASSERT_TRUE(exited);
  ASSERT_TRUE(exited->wait_until(cli::Clock::now() + 10s));
  EXPECT_EQ(exited->term_signal(), 0);
  EXPECT_EQ(exited->exit_code(), 143);
}

}  // namespace
}  // namespace ferry::runtime
