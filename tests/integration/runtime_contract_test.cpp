// The Kratix container contract through every runtime (podman, docker, oci, exec), with the same
// contract-check image and the same expectations: what the container sees, its exit code and log, the
// timeout kill, parallel runs.
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "tests/integration/runtime_fixture.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using ferry::testing::read_file;
using namespace std::chrono_literals;

class RuntimeContract : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    runtime_ = runtime_for_test(GetParam());
    ASSERT_NE(runtime_, nullptr);
  }
  runtime::ContainerExit run_ok(const runtime::ContainerRun& run) {
    Result<runtime::ContainerExit> exit = runtime_->run(run);
    if (!exit) {
      ADD_FAILURE() << exit.error().render();
      return {};
    }
    return *exit;
  }

  // The log's lines, sorted: docker and podman read stdout and stderr on separate pipes, so the order of
  // lines from different streams is not kept.
  static std::multiset<std::string> lines_of(const std::string& log) {
    std::multiset<std::string> lines;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) lines.insert(line);
    return lines;
  }

  KratixDirs dirs_;
  std::unique_ptr<runtime::ContainerRuntime> runtime_;
};

TEST_P(RuntimeContract, IsNamedAsAskedFor) {
  EXPECT_EQ(runtime_->name(), GetParam());
}

TEST_P(RuntimeContract, ContainerSeesTheWholeContract) {
  runtime::ContainerRun run = dirs_.run("configure/contract");
  run.env = {{"KRATIX_OBJECT_NAME", "first"},
             {"KRATIX_WORKFLOW_TYPE", "resource"},
             {"FERRY_TEST_VAR", "hello world"},
             {"KRATIX_OBJECT_NAME", "second"}};
  run.args = {"one", "two words"};

  const runtime::ContainerExit exit = run_ok(run);

  EXPECT_EQ(exit.exit_code, 0) << exit.log;
  EXPECT_FALSE(exit.timed_out);
  EXPECT_EQ(lines_of(exit.log), (std::multiset<std::string>{"contract-check done", "to-stderr"})) << exit.log;
  EXPECT_EQ(read_file(dirs_.output() / "contract.txt"),
            "KRATIX_OBJECT_NAME=second\n"
            "KRATIX_WORKFLOW_TYPE=resource\n"
            "input_readonly=yes\n"
            "object_present=yes\n"
            "output_empty_at_start=yes\n"
            "metadata_empty_at_start=yes\n"
            "cwd=/\n"
            "argc=2\n"
            "args=one two words\n"
            "FERRY_TEST_VAR=hello world\n");
  EXPECT_EQ(read_file(dirs_.output() / "object-copy.yaml"), "kind: Redis\nmetadata:\n  name: cache\n");
  EXPECT_FALSE(fs::exists(dirs_.input() / ".contract-check-probe"));
}

TEST_P(RuntimeContract, CustomCommandReplacesTheEntrypoint) {
  runtime::ContainerRun run = dirs_.run("configure/custom");
  run.command = {"/bin/sh", "-c", "echo \"custom:$1:$2\"; exit 7", "sh"};
  run.args = {"a \"b\"", "c"};

  const runtime::ContainerExit exit = run_ok(run);

  EXPECT_EQ(exit.exit_code, 7);
  EXPECT_EQ(exit.log, "custom:a \"b\":c\n");
  EXPECT_FALSE(fs::exists(dirs_.output() / "contract.txt"));
}

TEST_P(RuntimeContract, ReturnsANonZeroExitCodeAndBothOutputStreams) {
  runtime::ContainerRun run = dirs_.run("configure/exit");
  run.env = {{"EXIT_WITH", "3"}};

  const runtime::ContainerExit exit = run_ok(run);

  EXPECT_EQ(exit.exit_code, 3);
  EXPECT_FALSE(exit.timed_out);
  EXPECT_EQ(lines_of(exit.log), (std::multiset<std::string>{"contract-check done", "to-stderr"})) << exit.log;
}

// The container sleeps 6 s, then writes contract.txt: if it is still absent 7.5 s after the start, the kill
// reached the container and not only the process ferry started.
TEST_P(RuntimeContract, TimeoutKillsTheContainer) {
  runtime::ContainerRun run = dirs_.run("configure/timeout");
  run.env = {{"SLEEP", "6"}};
  run.timeout = 1s;

  const auto start = std::chrono::steady_clock::now();
  const runtime::ContainerExit exit = run_ok(run);
  const auto elapsed = std::chrono::steady_clock::now() - start;

  EXPECT_TRUE(exit.timed_out);
  EXPECT_EQ(exit.exit_code, -1);
  EXPECT_GE(elapsed, 1s);
  EXPECT_LT(elapsed, 6s);
  std::this_thread::sleep_until(start + 7500ms);
  EXPECT_FALSE(fs::exists(dirs_.output() / "contract.txt"));
}

TEST_P(RuntimeContract, RunsInParallelThreads) {
  KratixDirs other;
  runtime::ContainerRun first = dirs_.run("parallel/first");
  first.env = {{"KRATIX_OBJECT_NAME", "first"}};
  runtime::ContainerRun second = other.run("parallel/second");
  second.env = {{"KRATIX_OBJECT_NAME", "second"}};

  std::optional<runtime::ContainerExit> first_exit, second_exit;
  std::thread a([&] { first_exit = run_ok(first); });
  std::thread b([&] { second_exit = run_ok(second); });
  a.join();
  b.join();

  EXPECT_EQ(first_exit->exit_code, 0) << first_exit->log;
  EXPECT_EQ(second_exit->exit_code, 0) << second_exit->log;
  EXPECT_NE(read_file(dirs_.output() / "contract.txt").find("KRATIX_OBJECT_NAME=first\n"), std::string::npos);
  EXPECT_NE(read_file(other.output() / "contract.txt").find("KRATIX_OBJECT_NAME=second\n"),
            std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(AllRuntimes, RuntimeContract, ::testing::ValuesIn(kRuntimeNames),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace ferry::pipeline
