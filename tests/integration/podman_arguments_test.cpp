// PodmanRuntime without containers: the exact podman argument list, and the error for a missing podman.
#include <gtest/gtest.h>

#include "runtime/podman_runtime.h"

namespace ferry::pipeline {
namespace {

using Args = std::vector<std::string>;

TEST(PodmanArguments, PinsTheWholeArgumentList) {
  runtime::ContainerRun run;
  run.label = "configure/redis";
  run.image = "localhost/ferry-fixtures/redis-configure:dev";
  run.command = {"/bin/sh", "-c", "echo \"$1\"\\n"};
  run.args = {"--size", "large"};
  run.env = {{"KRATIX_OBJECT_NAME", "cache"}, {"EMPTY", ""}, {"KRATIX_OBJECT_NAME", "a=b c"}};
  run.mounts = {{"/tmp/in", "/kratix/input", true}, {"/tmp/out", "/kratix/output", false}};

  EXPECT_EQ(runtime::PodmanRuntime().arguments_for(run, "ferry-x-1-1"),
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
                  "EMPTY=",  //
                  "--env",
                  "KRATIX_OBJECT_NAME=a=b c",  //
                  "--entrypoint",
                  R"(["/bin/sh","-c","echo \"$1\"\\n"])",  //
                  "localhost/ferry-fixtures/redis-configure:dev",
                  "--size",
                  "large"}));
}

TEST(PodmanArguments, WithoutCommandKeepsTheImageEntrypoint) {
  runtime::ContainerRun run;
  run.image = "img";
  EXPECT_EQ(runtime::PodmanRuntime().arguments_for(run, "n"),
            (Args{"run", "--rm", "--name", "n", "--network=none", "--pull=missing", "img"}));
}

TEST(PodmanArguments, QuotesMountFieldsWithCommasAndQuotes) {
  runtime::ContainerRun run;
  run.image = "img";
  run.mounts = {{"/tmp/a,b \"c\"", "/kratix/output", false}};
  const Args args = runtime::PodmanRuntime().arguments_for(run, "n");
  ASSERT_GE(args.size(), 8u);
  EXPECT_EQ(args[6], "--mount");
  EXPECT_EQ(args[7], R"(type=bind,"source=/tmp/a,b ""c""",target=/kratix/output)");
}

TEST(PodmanArguments, EscapesControlCharactersInTheEntrypoint) {
  runtime::ContainerRun run;
  run.image = "img";
  run.command = {"a\tb", "\x01"};
  const Args args = runtime::PodmanRuntime().arguments_for(run, "n");
  ASSERT_GE(args.size(), 8u);
  EXPECT_EQ(args[7], R"(["a\u0009b","\u0001"])");
}

TEST(PodmanRuntimeErrors, MissingExecutableSaysHowToInstall) {
  runtime::ContainerRun run;
  run.image = "img";
  Result<runtime::ContainerExit> result = runtime::PodmanRuntime("podman-does-not-exist").run(run);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().render(),
            "cannot run podman: \"podman-does-not-exist\" is not on PATH (install it with: apt-get install "
            "podman)");
}

TEST(PodmanRuntimeErrors, MissingExecutablePathSaysHowToInstall) {
  runtime::ContainerRun run;
  run.image = "img";
  Result<runtime::ContainerExit> result = runtime::PodmanRuntime("/nonexistent/podman").run(run);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().render(),
            "cannot run podman: /nonexistent/podman: No such file or directory (install it with: apt-get "
            "install podman)");
}

TEST(PodmanRuntimeErrors, RefusesAnImageThatLooksLikeAnOption) {
  runtime::ContainerRun run;
  run.label = "p/c";
  run.image = "--privileged";
  Result<runtime::ContainerExit> result = runtime::PodmanRuntime().run(run);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().render(), "cannot run p/c: invalid image name \"--privileged\"");
}

TEST(PodmanRuntimeErrors, RefusesAnEnvironmentNameWithEquals) {
  runtime::ContainerRun run;
  run.label = "p/c";
  run.image = "img";
  run.env = {{"A=B", "c"}};
  Result<runtime::ContainerExit> result = runtime::PodmanRuntime().run(run);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().render(), "cannot run p/c: invalid environment variable name \"A=B\"");
}

}  // namespace
}  // namespace ferry::pipeline
