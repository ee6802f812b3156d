// The progress line's text (runner/progress.h) and the runtime decorator that counts running containers.
#include "runner/progress.h"

#include <gtest/gtest.h>

#include "tests/support/recording_runtime.h"

namespace ferry::runner {
namespace {

TEST(ProgressTest, CountsObjectsDoneOfTotalAndRunningContainers) {
  Progress progress(false);
  progress.set_total(3);
  EXPECT_EQ(progress.line(), "0/3 objects done, 0 containers running");
  progress.container_started();
  progress.object_done();
  EXPECT_EQ(progress.line(), "1/3 objects done, 1 container running");
  progress.container_started();
  EXPECT_EQ(progress.line(), "1/3 objects done, 2 containers running");
}

TEST(ProgressTest, TheRuntimeCountsAContainerWhileItRuns) {
  Progress progress(false);
  std::string during;
  pipeline::RecordingRuntime inner([&](const runtime::ContainerRun&) {
    during = progress.line();
    return runtime::ContainerExit{};
  });
  ProgressRuntime counted(inner, progress);
  ASSERT_TRUE(counted.run({}));
  EXPECT_EQ(during, "0/0 objects done, 1 container running");
  EXPECT_EQ(progress.line(), "0/0 objects done, 0 containers running");
  EXPECT_EQ(counted.name(), "recording");
}

// Only a terminal with text logs outside GitHub Actions gets the line (the terminal is given, so the test
// decides the same under ctest, whose stderr is a pipe).
TEST(ProgressTest, OnlyATerminalWithTextLogsOutsideGitHubActionsGetsTheLine) {
  EXPECT_TRUE(progress_wanted(true, nullptr, LogFormat::text));
  EXPECT_TRUE(progress_wanted(true, "false", LogFormat::text));
  EXPECT_FALSE(progress_wanted(true, "true", LogFormat::text));
  EXPECT_FALSE(progress_wanted(true, nullptr, LogFormat::json));
  EXPECT_FALSE(progress_wanted(false, nullptr, LogFormat::text));
}

}  // namespace
}  // namespace ferry::runner
