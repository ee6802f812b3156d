// The command lines and bundle configuration of docker, exec and oci, without running anything.
#include <gtest/gtest.h>

#include <algorithm>

#include "runtime/docker_runtime.h"
#include "runtime/exec_runtime.h"
#include "runtime/oci_runtime.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

runtime::ContainerRun sample_run() {
  runtime::ContainerRun run;
  run.label = "configure/redis";
  run.image = "localhost/ferry-fixtures/redis-configure:dev";
  run.args = {"--size", "large"};
  run.env = {{"KRATIX_OBJECT_NAME", "cache"}, {"KRATIX_OBJECT_NAME", "a=b c"}};
  run.mounts = {{"/tmp/in", "/kratix/input", true}, {"/tmp/out", "/kratix/output", false}};
  return run;
}

TEST(DockerArguments, TakesTheEntrypointAsOnePathAndTheRestOfTheCommandAfterTheImage) {
  runtime::ContainerRun run = sample_run();
  run.command = {"/bin/sh", "-c", "echo \"$1\""};
  EXPECT_EQ(runtime::DockerRuntime().arguments_for(run, "ferry-x-1-1"),
            (Args{"run",
                  "--rm",
                  "--name",
                  "ferry-x-1-1",
                  "--network=none",
                  "--pull=missing",  //
                  "--mount",
                  "type=bind,source=/tmp/in,target=/kratix/input,readonly=true",  //
                  "--mount",
                  "type=bind,source=/tmp/out,target=/kratix/output",  //
                  "--env",
                  "KRATIX_OBJECT_NAME=cache",
                  "--env",
                  "KRATIX_OBJECT_NAME=a=b c",  //
                  "--entrypoint",
                  "/bin/sh",
                  "localhost/ferry-fixtures/redis-configure:dev",  //
                  "-c",
                  "echo \"$1\"",
                  "--size",
                  "large"}));
}

TEST(DockerArguments, WithoutCommandKeepsTheImageEntrypoint) {
  runtime::ContainerRun run;
  run.image = "img";
  EXPECT_EQ(runtime::DockerRuntime().arguments_for(run, "n"),
            (Args{"run", "--rm", "--name", "n", "--network=none", "--pull=missing", "img"}));
  EXPECT_EQ(runtime::DockerRuntime().name(), "docker");
}

// A fake host root: a directory, a symlink, /proc and /tmp (replaced) and /kratix (hidden for the mounts).
TEST(ExecArguments, BindsTheHostReadOnlyAndTheMountsAtTheirContainerPaths) {
  ferry::testing::TempDir root;
  for (const char* dir : {"usr/bin", "proc", "tmp", "kratix"}) fs::create_directories(root.path() / dir);
  fs::create_directory_symlink("usr/bin", root.path() / "bin");
  runtime::ExecRuntime runtime(runtime::ExecConfig{
      {{"localhost/ferry-fixtures/redis-configure:dev", {"/bin/sh", "/x/redis.sh"}}}, "ferry-exec.yaml"});

  Result<Args> args = runtime.arguments_for(sample_run(), root.path());

  ASSERT_TRUE(args.ok()) << args.error().render();
  const std::string usr = (root.path() / "usr").string();
  EXPECT_EQ(*args, (Args{"--die-with-parent",
                         "--new-session",
                         "--unshare-net",
                         "--unshare-pid",
                         "--unshare-ipc",
                         "--unshare-uts",
                         "--clearenv",  //
                         "--setenv",
                         "PATH",
                         "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",  //
                         "--setenv",
                         "KRATIX_OBJECT_NAME",
                         "cache",
                         "--setenv",
                         "KRATIX_OBJECT_NAME",
                         "a=b c",  //
                         "--symlink",
                         "usr/bin",
                         "/bin",
                         "--ro-bind",
                         usr,
                         "/usr",  //
                         "--dev",
                         "/dev",
                         "--proc",
                         "/proc",
                         "--tmpfs",
                         "/tmp",  //
                         "--ro-bind",
                         "/tmp/in",
                         "/kratix/input",
                         "--bind",
                         "/tmp/out",
                         "/kratix/output",  //
                         "--remount-ro",
                         "/",
                         "--chdir",
                         "/",
                         "--",  //
                         "/bin/sh",
                         "/x/redis.sh",
                         "--size",
                         "large"}));
}

// A checkout under /tmp (as CI may have) must stay visible under the sandbox's fresh /tmp.
TEST(ExecArguments, CommandFilesUnderTmpAreBoundAgainAfterTheFreshTmp) {
  runtime::ExecRuntime runtime(
      runtime::ExecConfig{{{"img", {"/bin/sh", "/tmp/checkout/script.sh"}}}, "f.yaml"});
  runtime::ContainerRun run;
  run.image = "img";
  ferry::testing::TempDir empty_root;
  Result<Args> args = runtime.arguments_for(run, empty_root.path());
  ASSERT_TRUE(args.ok());
  const auto tmpfs = std::find(args->begin(), args->end(), "--tmpfs");
  ASSERT_NE(tmpfs, args->end());
  EXPECT_EQ(Args(tmpfs, tmpfs + 5),
            (Args{"--tmpfs", "/tmp", "--ro-bind", "/tmp/checkout/script.sh", "/tmp/checkout/script.sh"}));
}

TEST(ExecArguments, ARunsCommandReplacesTheMappedOne) {
  runtime::ExecRuntime runtime(runtime::ExecConfig{{{"img", {"/x/tool"}}}, "f.yaml"});
  runtime::ContainerRun run;
  run.image = "img";
  run.command = {"/bin/echo", "hi"};
  ferry::testing::TempDir empty_root;
  Result<Args> args = runtime.arguments_for(run, empty_root.path());
  ASSERT_TRUE(args.ok());
  EXPECT_EQ(Args(args->end() - 3, args->end()), (Args{"--", "/bin/echo", "hi"}));
}

runtime::OciImage sample_image() {
  return runtime::OciImage{
      "id", "/rootfs", {"/bin/sh", "/bin/entry.sh"}, {"default-arg"}, {"PATH=/bin", "A=1"}, ""};
}

TEST(OciProcess, ArgsFollowDockerRulesForEntrypointAndCmd) {
  runtime::ContainerRun run;
  EXPECT_EQ(runtime::oci_process_args(run, sample_image()),
            (Args{"/bin/sh", "/bin/entry.sh", "default-arg"}));
  run.args = {"x"};
  EXPECT_EQ(runtime::oci_process_args(run, sample_image()), (Args{"/bin/sh", "/bin/entry.sh", "x"}));
  run.command = {"/bin/echo"};
  EXPECT_EQ(runtime::oci_process_args(run, sample_image()), (Args{"/bin/echo", "x"}));
  run.args.clear();
  EXPECT_EQ(runtime::oci_process_args(run, sample_image()), (Args{"/bin/echo"}));
}

TEST(OciProcess, EnvAppendsAndALaterDuplicateReplacesInPlace) {
  runtime::ContainerRun run;
  run.env = {{"B", "2"}, {"A", "x=y"}, {"B", "3"}};
  EXPECT_EQ(runtime::oci_process_env(run, sample_image()), (Args{"PATH=/bin", "A=x=y", "B=3"}));
}

TEST(OciConfig, MountsTheRunsDirectoriesAfterTheSystemOnesAndStartsAtTheRoot) {
  const std::string json = oci_config_json(sample_run(), sample_image());
  EXPECT_NE(json.find(R"("cwd":"/")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("args":["/bin/sh","/bin/entry.sh","--size","large"])"), std::string::npos) << json;
  EXPECT_NE(
      json.find(
          R"({"destination":"/sys","type":"sysfs","source":"sysfs","options":["nosuid","noexec","nodev","ro"]},)"
          R"({"destination":"/kratix/input","type":"bind","source":"/tmp/in","options":["rbind","ro"]},)"
          R"({"destination":"/kratix/output","type":"bind","source":"/tmp/out","options":["rbind","rw"]}])"),
      std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("namespaces":[{"type":"pid"},{"type":"network"},)"), std::string::npos) << json;
}

}  // namespace
}  // namespace ferry::pipeline
