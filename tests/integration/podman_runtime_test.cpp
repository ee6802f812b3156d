// PodmanRuntime against real podman and the contract-check fixture image (build it with ci/build-images).
#include "runtime/podman_runtime.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
const std::string kImage = "localhost/ferry-fixtures/contract-check:dev";

// The stdout of a shell command (test helper only).
std::string shell(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  std::array<char, 4096> buffer{};
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  ::pclose(pipe);
  return out;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The cgroups containing `part` that processes named `command` are in now, read from /proc (v1's and v2's
// lines alike); a process that ends while it is read is skipped.
std::vector<std::string> cgroups_of(const std::string& command, const std::string& part) {
  std::vector<std::string> found;
  std::error_code error;
  for (const fs::directory_entry& process : fs::directory_iterator("/proc", error)) {
    if (read_file(process.path() / "comm") != command + "\n") continue;
    std::istringstream lines(read_file(process.path() / "cgroup"));
    for (std::string line; std::getline(lines, line);) {
      if (line.find(part) != std::string::npos) found.push_back(line);
    }
  }
  return found;
}

// A fresh /kratix layout on the host per test (the output path has a comma and a space on purpose),
// removed afterwards; fails the test when the fixture image is missing.
class PodmanRuntimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter{0};
    root_ = fs::temp_directory_path() /
            ("ferry-podman-test-" + std::to_string(::getpid()) + "-" + std::to_string(++counter));
    for (const fs::path& dir : {input(), output(), metadata()}) fs::create_directories(dir);
    std::ofstream(input() / "object.yaml") << "kind: Redis\nmetadata:\n  name: cache\n";
    ASSERT_EQ(std::system(("podman image exists " + kImage).c_str()), 0)
        << "image " << kImage << " is missing: run ci/build-images first";
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path input() const { return root_ / "input"; }
  fs::path output() const { return root_ / "out,put dir"; }
  fs::path metadata() const { return root_ / "metadata"; }

  runtime::ContainerRun contract_run(std::string label) const {
    runtime::ContainerRun run;
    run.label = std::move(label);
    run.image = kImage;
    run.mounts = {{input(), "/kratix/input", true},
                  {output(), "/kratix/output", false},
                  {metadata(), "/kratix/metadata", false}};
    run.timeout = std::chrono::seconds(60);
    return run;
  }

  fs::path root_;
};

TEST_F(PodmanRuntimeTest, ContainerSeesTheWholeContract) {
  runtime::ContainerRun run = contract_run("configure/contract");
  run.env = {{"KRATIX_OBJECT_NAME", "first"},
             {"KRATIX_WORKFLOW_TYPE", "resource"},
             {"FERRY_TEST_VAR", "hello world"},
             {"KRATIX_OBJECT_NAME", "second"}};
  run.command = {"/bin/busybox", "sh", "/bin/contract-check.sh"};
  run.args = {"one", "two words"};

  Result<runtime::ContainerExit> exit = runtime::PodmanRuntime().run(run);

  ASSERT_TRUE(exit.ok()) << exit.error().render();
  EXPECT_EQ(exit->exit_code, 0) << exit->log;
  EXPECT_FALSE(exit->timed_out);
  EXPECT_EQ(read_file(output() / "contract.txt"),
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
  EXPECT_EQ(read_file(output() / "object-copy.yaml"), "kind: Redis\nmetadata:\n  name: cache\n");
  EXPECT_FALSE(fs::exists(input() / ".contract-check-probe"));
}

TEST_F(PodmanRuntimeTest, CustomCommandReplacesTheEntrypoint) {
  runtime::ContainerRun run = contract_run("configure/custom");
  run.command = {"/bin/sh", "-c", "echo \"custom:$1:$2\"; exit 7", "sh"};
  run.args = {"a \"b\"", "c"};

  Result<runtime::ContainerExit> exit = runtime::PodmanRuntime().run(run);

  ASSERT_TRUE(exit.ok()) << exit.error().render();
  EXPECT_EQ(exit->exit_code, 7);
  EXPECT_EQ(exit->log, "custom:a \"b\":c\n");
  EXPECT_FALSE(fs::exists(output() / "contract.txt"));
}

TEST_F(PodmanRuntimeTest, ReturnsTheExitCodeAndBothOutputStreams) {
  runtime::ContainerRun run = contract_run("configure/exit");
  run.env = {{"EXIT_WITH", "3"}};

  Result<runtime::ContainerExit> exit = runtime::PodmanRuntime().run(run);

  ASSERT_TRUE(exit.ok()) << exit.error().render();
  EXPECT_EQ(exit->exit_code, 3);
  EXPECT_FALSE(exit->timed_out);
  EXPECT_NE(exit->log.find("contract-check done\n"), std::string::npos) << exit->log;
  EXPECT_NE(exit->log.find("to-stderr\n"), std::string::npos) << exit->log;
}

TEST_F(PodmanRuntimeTest, KeepsOnlyTheLastMebibyteOfTheLog) {
  runtime::ContainerRun run = contract_run("configure/chatty");
  run.command = {"/bin/sh", "-c", "head -c 1500000 /dev/zero | tr '\\0' x; echo END"};

  Result<runtime::ContainerExit> exit = runtime::PodmanRuntime().run(run);

  ASSERT_TRUE(exit.ok()) << exit.error().render();
  const std::string note = "[ferry: log truncated, first 451428 bytes omitted]\n";
  EXPECT_EQ(exit->log.size(), note.size() + (1u << 20));
  EXPECT_EQ(exit->log.substr(0, note.size() + 3), note + "xxx");
  EXPECT_EQ(exit->log.substr(exit->log.size() - 5), "xEND\n");
}

// IfNotPresent (the default) pulls a missing image; a pull that fails is an error that names the image, says
// how to build or load it, and keeps the last lines of podman's pull log.
TEST_F(PodmanRuntimeTest, MissingImageIsPulledAndAFailedPullIsAnErrorNamingTheImageAndThePullsLastLines) {
  runtime::ContainerRun run = contract_run("configure/missing");
  run.image = "localhost/ferry-fixtures/does-not-exist:dev";

  Result<runtime::ContainerExit> exit = runtime::PodmanRuntime().run(run);

  ASSERT_FALSE(exit.ok()) << exit->log;
  const std::string message = exit.error().render();
  EXPECT_NE(
      message.find("image localhost/ferry-fixtures/does-not-exist:dev not found locally (in podman's "
                   "images); build or load it (podman build -t localhost/ferry-fixtures/does-not-exist:dev"),
      std::string::npos)
      << message;
  EXPECT_NE(message.find("pulling it failed:\n"), std::string::npos) << message;
  EXPECT_NE(message.find("docker://localhost/ferry-fixtures/does-not-exist:dev"), std::string::npos)
      << message;
}

TEST_F(PodmanRuntimeTest, TimeoutKillsAndRemovesTheContainer) {
  runtime::ContainerRun run = contract_run("configure/timeout");
  run.env = {{"SLEEP", "30"}};
  run.timeout = std::chrono::seconds(2);

  const auto start = std::chrono::steady_clock::now();
  Result<runtime::ContainerExit> exit = runtime::PodmanRuntime().run(run);
  const auto elapsed = std::chrono::steady_clock::now() - start;

  ASSERT_TRUE(exit.ok()) << exit.error().render();
  EXPECT_TRUE(exit->timed_out);
  EXPECT_EQ(exit->exit_code, -1);
  EXPECT_GE(elapsed, std::chrono::seconds(2));
  EXPECT_LT(elapsed, std::chrono::seconds(10));
  const std::string ours = "ferry-configure-timeout-" + std::to_string(::getpid()) + "-";
  const std::string names = shell("podman ps -a --format '{{.Names}}'");
  EXPECT_EQ(names.find(ours), std::string::npos) << names;
  EXPECT_FALSE(fs::exists(output() / "contract.txt"));
}

// ferry's memory cgroup holds the container's limit; conmon must not be below it, or a container at its limit
// gets conmon OOM-killed too and podman never learns the exit code (seen in CI as exit 127, "no such exit
// code", with the container left "running" in podman's database). conmon is placed before the container
// starts, so once the container's sleep is in the cgroup, where conmon is is settled.
TEST_F(PodmanRuntimeTest, ConmonIsNotUnderTheContainersMemoryLimit) {
  runtime::ContainerRun run = contract_run("limits/conmon");
  run.env = {{"SLEEP", "2"}};
  run.resources.limits.memory_bytes = 64 << 20;
  const std::string ours = "/ferry/ferry-limits-conmon-" + std::to_string(::getpid()) + "-";

  std::optional<Result<runtime::ContainerExit>> exit;
  std::thread running([&] { exit.emplace(runtime::PodmanRuntime().run(run)); });
  bool started = false;
  for (int tries = 0; tries < 500 && !started; ++tries) {
    started = !cgroups_of("sleep", ours).empty();
    if (!started) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const std::vector<std::string> conmons = cgroups_of("conmon", ours);
  running.join();

  ASSERT_TRUE(started) << "the container's sleep never showed up in " << ours;
  EXPECT_TRUE(conmons.empty()) << conmons.front();
  ASSERT_TRUE(exit.has_value() && exit->ok());
  EXPECT_EQ((*exit)->exit_code, 0) << (*exit)->log;
}

TEST_F(PodmanRuntimeTest, RunsInParallelThreads) {
  fs::path second_output = root_ / "second-output";
  fs::create_directories(second_output);
  runtime::ContainerRun first = contract_run("parallel/first");
  first.env = {{"KRATIX_OBJECT_NAME", "first"}};
  runtime::ContainerRun second = contract_run("parallel/second");
  second.env = {{"KRATIX_OBJECT_NAME", "second"}};
  second.mounts[1].host = second_output;

  runtime::PodmanRuntime runtime;
  std::optional<Result<runtime::ContainerExit>> first_exit, second_exit;
  std::thread a([&] { first_exit.emplace(runtime.run(first)); });
  std::thread b([&] { second_exit.emplace(runtime.run(second)); });
  a.join();
  b.join();

  for (const auto* exit : {&first_exit, &second_exit}) {
    ASSERT_TRUE(exit->has_value() && (*exit)->ok());
    EXPECT_EQ((**exit)->exit_code, 0) << (**exit)->log;
  }
  EXPECT_NE(read_file(output() / "contract.txt").find("KRATIX_OBJECT_NAME=first\n"), std::string::npos);
  EXPECT_NE(read_file(second_output / "contract.txt").find("KRATIX_OBJECT_NAME=second\n"), std::string::npos);
}

}  // namespace
}  // namespace ferry::pipeline
