// The run's scratch directory (runner/command_support.h): fresh on every run, even beside what a killed run
// with the same pid left, and removed with everything in it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "runner/command_support.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;
using ferry::testing::write_file;

TEST(RunScratchDirectory, IsAFreshDirectoryBesideOneAKilledRunWithTheSamePidLeft) {
  TempDir parent;
  const std::string prefix = "ferry-" + std::to_string(::getpid());
  const fs::path left = parent.path() / prefix;  // the name every run used before
  write_file(left / ("ferry-" + std::to_string(::getpid()) + "-1-0") / "output/stale.yaml", "stale");
  const RunScratchDirectory first(parent.path().string());
  const RunScratchDirectory second(parent.path().string());
  EXPECT_NE(first.path(), second.path());
  for (const fs::path& made : {first.path(), second.path()}) {
    EXPECT_EQ(made.parent_path(), parent.path());
    EXPECT_TRUE(made.filename().string().starts_with(prefix + "-")) << made;
    EXPECT_TRUE(fs::is_directory(made)) << made;
    EXPECT_TRUE(fs::is_empty(made)) << made;
  }
}

TEST(RunScratchDirectory, IsRemovedWithEverythingInIt) {
  TempDir parent;
  fs::path made;
  {
    const RunScratchDirectory scratch((parent.path() / "not-yet").string());
    made = scratch.path();
    write_file(made / "run/output/a.yaml", "a");
  }
  EXPECT_FALSE(fs::exists(made));
  EXPECT_TRUE(fs::is_directory(parent.path() / "not-yet"));
}

}  // namespace
}  // namespace ferry::runner
