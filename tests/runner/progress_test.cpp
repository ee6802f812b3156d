// The progress line's text (runner/progress.h) and the runtime decorator that counts running containers.
#include <gtest/gtest.h>

#include <cstdlib>

#include "pipeline/recording_runtime.h"
#include "runner/progress.h"

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
  pipeline::RecordingRuntime inner([&](const pipeline::ContainerRun&) {
    during = progress.line();
    return pipeline::ContainerExit{};
  });
  ProgressRuntime counted(inner, progress);
  ASSERT_TRUE(counted.run({}));
  EXPECT_EQ(during, "0/0 objects done, 1 container running");
  EXPECT_EQ(progress.line(), "0/0 objects done, 0 containers running");
  EXPECT_EQ(counted.name(), "recording");
}

TEST(ProgressTest, UnderGitHubActionsNoLineIsDrawnEvenOnATerminal) {
  const char* before = std::getenv("GITHUB_ACTIONS");
  const std::string saved = before ? before : "";
  ::setenv("GITHUB_ACTIONS", "true", 1);
  EXPECT_FALSE(progress_wanted());
  before ? ::setenv("GITHUB_ACTIONS", saved.c_str(), 1) : ::unsetenv("GITHUB_ACTIONS");
}

}  // namespace
}  // namespace ferry::runner
