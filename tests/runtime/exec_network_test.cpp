// runtime/exec_network.h, podman's --network ns:PATH and oci's namespace path: a run that names a network
// namespace starts bwrap inside it through nsenter and gives bwrap no --unshare-net; a run that names none
// keeps its own empty namespace. docker refuses such a run rather than run it without the namespace. A
// stand-in bwrap prints its namespace.
#include "runtime/exec_network.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <thread>

#include "runtime/cli_engine.h"
#include "runtime/docker_runtime.h"
#include "runtime/exec_runtime.h"
#include "runtime/oci_runtime.h"
#include "runtime/podman_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::runtime {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;
using ferry::testing::write_file;

bool has_word(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

ContainerRun sample_run() {
  ContainerRun run;
  run.label = "p/c";
  run.image = "img";
  return run;
}

// A new network namespace held by a descriptor (made on a thread, as api/pipeline_network.h makes one);
// -1 without the privilege to make it.
int new_network_namespace() {
  int handle = -1;
  std::thread maker([&handle] {
    if (::unshare(CLONE_NEWNET) == 0) handle = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
  });
  maker.join();
  return handle;
}

TEST(ExecNetwork, OnlyARunWithoutANamespaceUnsharesTheNetwork) {
  ExecRuntime runtime(ExecConfig{{{"img", {"/bin/true"}}}, "exec.yaml"});
  ContainerRun run = sample_run();
  EXPECT_TRUE(has_word(runtime.arguments_for(run).value(), "--unshare-net"));
  run.network_namespace = "/proc/1/fd/3";
  EXPECT_FALSE(has_word(runtime.arguments_for(run).value(), "--unshare-net"));
  EXPECT_EQ(
      in_network_namespace("/proc/1/fd/3", "/usr/bin/bwrap", {"--ro-bind", "/a", "/a"}),
      (std::vector<std::string>{"--net=/proc/1/fd/3", "--", "/usr/bin/bwrap", "--ro-bind", "/a", "/a"}));
}

TEST(ExecNetwork, BwrapStartsInTheNamespaceTheRunNames) {
  const int handle = new_network_namespace();
  if (handle < 0) GTEST_SKIP() << "cannot make a network namespace (needs root)";
  struct stat made {};
  ASSERT_EQ(::fstat(handle, &made), 0);
  TempDir dir;
  const fs::path bwrap = dir.path() / "bwrap";
  write_file(bwrap, "#!/bin/sh\nstat -L -c %i /proc/self/ns/net\n");
  fs::permissions(bwrap, fs::perms::owner_all);
  ExecRuntime runtime(ExecConfig{{{"img", {"/bin/true"}}}, "exec.yaml"}, bwrap.string());
  ContainerRun run = sample_run();
  run.network_namespace = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(handle);
  Result<ContainerExit> inside = runtime.run(run);
  ::close(handle);
  ASSERT_TRUE(inside.ok()) << inside.error().render();
  EXPECT_EQ(inside->exit_code, 0) << inside->log;
  EXPECT_EQ(inside->log, std::to_string(made.st_ino) + "\n");
  struct stat own {};
  ASSERT_EQ(::stat("/proc/self/ns/net", &own), 0);
  Result<ContainerExit> outside =
      runtime.run(sample_run());  // no namespace named: ferry's own (bwrap unshares)
  ASSERT_TRUE(outside.ok()) << outside.error().render();
  EXPECT_EQ(outside->log, std::to_string(own.st_ino) + "\n");
}

TEST(ExecNetwork, PodmanJoinsTheNamespaceByItsPath) {
  ContainerRun run = sample_run();
  run.network_namespace = "/proc/1/fd/3";
  const std::vector<std::string> args = PodmanRuntime().arguments_for(run, "n");
  EXPECT_TRUE(has_word(args, "--network=ns:/proc/1/fd/3"));
  EXPECT_FALSE(has_word(args, "--network=none"));
}

TEST(ExecNetwork, OciJoinsTheNamespaceByItsPath) {
  ContainerRun run = sample_run();
  EXPECT_NE(oci_config_json(run, OciImage{}).find(R"({"type":"pid"},{"type":"network"},{"type":"ipc"})"),
            std::string::npos);
  run.network_namespace = "/proc/1/fd/3";
  EXPECT_NE(oci_config_json(run, OciImage{}).find(R"({"type":"network","path":"/proc/1/fd/3"})"),
            std::string::npos);
}

TEST(ExecNetwork, DockerRefusesARunThatJoinsANamespace) {
  ContainerRun run = sample_run();
  EXPECT_EQ(cli::network_namespace_problem(run, "podman"), "");
  run.network_namespace = "/proc/1/fd/3";
  DockerRuntime docker("/bin/true");
  Result<ContainerExit> refused = docker.run(run);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(
      refused.error().message,
      "cannot run p/c: its Pipeline's platform API (rbac) is served only on --runtime exec, podman and "
      "oci so far; --runtime docker cannot join the pipeline's network namespace (docs/platform-api.md)");
}

}  // namespace
}  // namespace ferry::runtime
