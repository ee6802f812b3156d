// make_runtime: the names it knows, and how "auto" chooses, with fake docker and podman programs (scripts
// that answer, fail or hang) so the choice does not depend on this machine.
#include "runtime/runtime_factory.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "tests/support/test_support.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

class RuntimeFactory : public ::testing::Test {
 protected:
  // An executable script `name` running `body`.
  std::string fake(const std::string& name, const std::string& body) {
    const fs::path path = dir_.path() / name;
    ferry::testing::write_file(path, "#!/bin/sh\n" + body + "\n");
    ::chmod(path.c_str(), 0755);
    return path.string();
  }
  std::string chosen(const runtime::RuntimeOptions& options) {
    Result<std::unique_ptr<runtime::ContainerRuntime>> runtime = runtime::make_runtime(options);
    return runtime ? (*runtime)->name() : runtime.error().render();
  }

  ferry::testing::TempDir dir_;
};

TEST_F(RuntimeFactory, KnowsFiveNames) {
  EXPECT_EQ(runtime::runtime_names(), (std::vector<std::string>{"auto", "docker", "podman", "oci", "exec"}));
}

TEST_F(RuntimeFactory, UnknownNameListsTheKnownOnes) {
  runtime::RuntimeOptions options;
  options.name = "rkt";
  EXPECT_EQ(chosen(options), "unknown runtime \"rkt\"; use one of: auto, docker, podman, oci, exec");
}

TEST_F(RuntimeFactory, MakesEachNamedRuntime) {
  runtime::RuntimeOptions options;
  options.exec_config = fs::path(FERRY_SOURCE_DIR) / "fixtures/exec/ferry-exec.yaml";
  for (const std::string name : {"docker", "podman", "oci", "exec"}) {
    options.name = name;
    EXPECT_EQ(chosen(options), name);
  }
}

TEST_F(RuntimeFactory, ExecNeedsItsImageMap) {
  runtime::RuntimeOptions options;
  options.name = "exec";
  options.exec_config = dir_.path() / "ferry-exec.yaml";
  EXPECT_EQ(chosen(options), options.exec_config.string() +
                                 ": cannot read the exec runtime's image map: No such file or directory");
}

TEST_F(RuntimeFactory, AutoPrefersDockerWhenItsDaemonAnswers) {
  runtime::RuntimeOptions options;
  options.docker = fake("docker", "[ \"$1\" = info ]");
  options.podman = fake("podman", "exit 0");
  EXPECT_EQ(chosen(options), "docker");
}

TEST_F(RuntimeFactory, AutoFallsBackToPodmanWhenDockerFails) {
  runtime::RuntimeOptions options;
  options.docker = fake("docker", "echo 'Cannot connect to the Docker daemon' >&2; exit 1");
  options.podman = fake("podman", "[ \"$1\" = --version ]");
  EXPECT_EQ(chosen(options), "podman");
}

TEST_F(RuntimeFactory, AutoGivesUpOnADockerThatHangsAfterThreeSeconds) {
  runtime::RuntimeOptions options;
  options.docker = fake("docker", "exec sleep 30");
  options.podman = fake("podman", "exit 0");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(chosen(options), "podman");
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_GE(elapsed, 3s);
  EXPECT_LT(elapsed, 6s);
}

TEST_F(RuntimeFactory, AutoSaysHowToInstallAnEngineWhenThereIsNone) {
  runtime::RuntimeOptions options;
  options.docker = "/nonexistent/docker";
  options.podman = "podman-does-not-exist";
  EXPECT_EQ(
      chosen(options),
      "no container engine found: install podman (apt-get install podman runc) or docker (apt-get install "
      "docker.io), or use --runtime exec");
}

TEST_F(RuntimeFactory, AutoChoosesDockerOnThisMachineOnlyWhenItsDaemonAnswers) {
  const bool docker_answers = ferry::testing::run("docker info").exit_code == 0;
  EXPECT_EQ(chosen(runtime::RuntimeOptions{}), docker_answers ? "docker" : "podman");
}

}  // namespace
}  // namespace ferry::pipeline
