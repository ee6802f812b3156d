// How each runtime reports what it cannot run (missing program, missing image), and that a timed-out
// container leaves nothing behind: no engine container, no runc state, no bundle, no process.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime/docker_runtime.h"
#include "runtime/exec_runtime.h"
#include "runtime/oci_runtime.h"
#include "tests/integration/runtime_fixture.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using ferry::testing::run;
using namespace std::chrono_literals;
const std::string kMissingImage = "localhost/ferry-fixtures/does-not-exist:dev";

runtime::ContainerRun plain_run() {
  runtime::ContainerRun run;
  run.label = "p/c";
  run.image = kContractImage;
  return run;
}

std::string error_of(runtime::ContainerRuntime&& runtime) {
  Result<runtime::ContainerExit> exit = runtime.run(plain_run());
  return exit ? "no error" : exit.error().render();
}

TEST(RuntimeErrors, MissingProgramsSayHowToInstall) {
  EXPECT_EQ(error_of(runtime::DockerRuntime("docker-does-not-exist")),
            "cannot run docker: \"docker-does-not-exist\" is not on PATH (install it with: apt-get install "
            "docker.io)");
  EXPECT_EQ(
      error_of(runtime::OciRuntime("runc-does-not-exist")),
      "cannot run runc: \"runc-does-not-exist\" is not on PATH (install it with: apt-get install runc)");
  EXPECT_EQ(error_of(runtime::OciRuntime("/nonexistent/runc")),
            "cannot run runc: /nonexistent/runc: No such file or directory (install it with: apt-get install "
            "runc)");
  EXPECT_EQ(error_of(runtime::ExecRuntime(runtime::ExecConfig{}, "bwrap-does-not-exist")),
            "cannot run bwrap: \"bwrap-does-not-exist\" is not on PATH (install it with: apt-get install "
            "bubblewrap)");
}

TEST(RuntimeErrors, OciNeedsPodmanForItsImages) {
  EXPECT_EQ(error_of(runtime::OciRuntime("runc", "podman-does-not-exist")),
            "cannot run podman: \"podman-does-not-exist\" is not on PATH (install it with: apt-get install "
            "podman)");
}

// What oci answers for an image podman does not have: an error naming it and what to do, not a container
// that exited 125 with podman's "image not known".
TEST(RuntimeErrors, MissingImage) {
  std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test("oci");
  ASSERT_NE(runtime, nullptr);
  KratixDirs dirs;
  Result<runtime::ContainerExit> exit = runtime->run(dirs.run("configure/missing", kMissingImage));
  ASSERT_FALSE(exit.ok()) << exit->log;
  EXPECT_EQ(exit.error().render(),
            "image " + kMissingImage +
                " not found locally (in podman's images); build or load it (podman build "
                "-t " +
                kMissingImage +
                " DIR, or podman load -i FILE); its imagePullPolicy is Never, so it is "
                "not pulled");
}

// imagePullPolicy Never on an image the engine does not have: an error naming the image and what to do,
// not a container that exited 125 (podman and docker alike).
void expect_never_names_the_image(const std::string& name) {
  std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test(name);
  ASSERT_NE(runtime, nullptr);
  KratixDirs dirs;
  runtime::ContainerRun missing = dirs.run("configure/missing", kMissingImage);
  missing.pull_policy = runtime::PullPolicy::never;
  Result<runtime::ContainerExit> exit = runtime->run(missing);
  ASSERT_FALSE(exit.ok()) << name << ": exit " << exit->exit_code << ": " << exit->log;
  EXPECT_EQ(exit.error().render(), "image " + kMissingImage + " not found locally (in " + name +
                                       "'s images); build or load it (" + name + " build -t " +
                                       kMissingImage + " DIR, or " + name +
                                       " load -i FILE); its imagePullPolicy is Never, so it is not pulled");
}

// IfNotPresent (the default) on an image that is not there and cannot be pulled: the same error, with the
// last lines of what the pull said, not a container that exited 125 with the pull log.
void expect_failed_pull_names_the_image(const std::string& name) {
  std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test(name);
  ASSERT_NE(runtime, nullptr);
  KratixDirs dirs;
  Result<runtime::ContainerExit> exit = runtime->run(dirs.run("configure/missing", kMissingImage));
  ASSERT_FALSE(exit.ok()) << name << ": exit " << exit->exit_code << ": " << exit->log;
  EXPECT_TRUE(exit.error().render().starts_with(
      "image " + kMissingImage + " not found locally (in " + name + "'s images); build or load it (" + name +
      " build -t " + kMissingImage + " DIR, or " + name +
      " load -i FILE), or make it pullable; pulling it failed:\n  "))
      << exit.error().render();
}

TEST(RuntimeErrors, PodmanIfNotPresentOnAMissingImageNamesTheImage) {
  expect_failed_pull_names_the_image("podman");
}
TEST(RuntimeErrors, DockerIfNotPresentOnAMissingImageNamesTheImage) {
  expect_failed_pull_names_the_image("docker");
}

TEST(RuntimeErrors, PodmanNeverOnAMissingImageNamesTheImage) {
  expect_never_names_the_image("podman");
}
TEST(RuntimeErrors, DockerNeverOnAMissingImageNamesTheImage) {
  expect_never_names_the_image("docker");
}

TEST(RuntimeErrors, ExecRefusesAnUnmappedImage) {
  std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test("exec");
  ASSERT_NE(runtime, nullptr);
  KratixDirs dirs;
  Result<runtime::ContainerExit> exit = runtime->run(dirs.run("configure/missing", kMissingImage));
  ASSERT_FALSE(exit.ok());
  EXPECT_EQ(exit.error().render(), "cannot run configure/missing: image \"" + kMissingImage +
                                       "\" is not in " + FERRY_SOURCE_DIR +
                                       "/fixtures/exec/ferry-exec.yaml; add it under \"images\"");
}

TEST(RuntimeErrors, RuntimesRefuseAnImageThatLooksLikeAnOption) {
  for (const std::string name : {"docker", "oci", "exec"}) {
    std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test(name);
    ASSERT_NE(runtime, nullptr);
    runtime::ContainerRun bad = plain_run();
    bad.image = "--privileged";
    Result<runtime::ContainerExit> exit = runtime->run(bad);
    ASSERT_FALSE(exit.ok()) << name;
    EXPECT_EQ(exit.error().render(), "cannot run p/c: invalid image name \"--privileged\"") << name;
  }
}

// A container that sleeps, stopped after 1 s, with `marker` in its command line.
runtime::ContainerExit time_out(runtime::ContainerRuntime& runtime, const KratixDirs& dirs,
                                const std::string& marker) {
  runtime::ContainerRun run = dirs.run("configure/timeout");
  run.command = {"/bin/sh", "-c", "sleep 30; echo " + marker};
  run.timeout = 1s;
  Result<runtime::ContainerExit> exit = runtime.run(run);
  EXPECT_TRUE(exit.ok());
  return exit ? *exit : runtime::ContainerExit{};
}

TEST(RuntimeLeftovers, DockerRemovesATimedOutContainer) {
  std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test("docker");
  ASSERT_NE(runtime, nullptr);
  KratixDirs dirs;
  EXPECT_TRUE(time_out(*runtime, dirs, "docker").timed_out);
  const std::string names = run("docker ps -a --format '{{.Names}}'").output;
  EXPECT_EQ(names.find("ferry-configure-timeout-" + std::to_string(::getpid()) + "-"), std::string::npos)
      << names;
}

// Bundles go to $TMPDIR, here a directory of this test's own, which must be empty afterwards.
TEST(RuntimeLeftovers, OciDeletesTheContainerAndItsBundle) {
  ferry::testing::TempDir tmp;
  const char* old_tmpdir = std::getenv("TMPDIR");
  const std::string saved = old_tmpdir != nullptr ? old_tmpdir : "";
  ::setenv("TMPDIR", tmp.path().c_str(), 1);
  {
    std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test("oci");
    ASSERT_NE(runtime, nullptr);
    KratixDirs dirs;
    EXPECT_TRUE(time_out(*runtime, dirs, "oci").timed_out);
    EXPECT_EQ(
        run("runc list -q | grep -c '^ferry-configure-timeout-" + std::to_string(::getpid()) + "-'").output,
        "0\n");
  }
  old_tmpdir != nullptr ? ::setenv("TMPDIR", saved.c_str(), 1) : ::unsetenv("TMPDIR");
  EXPECT_TRUE(fs::is_empty(tmp.path()));
  EXPECT_EQ(run("grep -c " + tmp.path().string() + " /proc/mounts").output, "0\n");
}

TEST(RuntimeLeftovers, ExecKillsEveryProcessOfTheSandbox) {
  std::unique_ptr<runtime::ContainerRuntime> runtime = runtime_for_test("exec");
  ASSERT_NE(runtime, nullptr);
  KratixDirs dirs;
  const std::string marker = "ferry-exec-marker-" + std::to_string(::getpid());
  EXPECT_TRUE(time_out(*runtime, dirs, marker).timed_out);
  // The sandbox dies asynchronously after bwrap: allow it 2 s. "[f]" keeps the pattern from matching itself.
  const std::string pattern = "'[f]" + marker.substr(1) + "'";
  EXPECT_EQ(
      run("for i in $(seq 20); do pgrep -f " + pattern + " >/dev/null || exit 0; sleep 0.1; done; exit 1")
          .exit_code,
      0);
}

}  // namespace
}  // namespace ferry::pipeline
