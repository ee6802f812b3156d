// The scratch directory (core/scratch_directory.h): fresh every time, removed with its content, movable.
#include "core/scratch_directory.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;
using ferry::testing::write_file;

TEST(CoreScratchDirectory, IsAFreshEmptyDirectoryNamedByThePrefix) {
  TempDir parent;
  std::error_code error;
  auto first = ScratchDirectory::create(parent.path() / "made/here", "ferry-x-", error);
  ASSERT_TRUE(first) << error.message();
  auto second = ScratchDirectory::create(parent.path() / "made/here", "ferry-x-", error);
  ASSERT_TRUE(second) << error.message();
  EXPECT_NE(first->path(), second->path());
  for (const fs::path& made : {first->path(), second->path()}) {
    EXPECT_EQ(made.parent_path(), parent.path() / "made/here");
    EXPECT_TRUE(made.filename().string().starts_with("ferry-x-")) << made;
    EXPECT_EQ(made.filename().string().size(), std::string("ferry-x-XXXXXX").size()) << made;
    EXPECT_TRUE(fs::is_directory(made) && fs::is_empty(made)) << made;
  }
}

TEST(CoreScratchDirectory, AnEmptyParentIsTheSystemTemporaryDirectory) {
  std::error_code error;
  auto made = ScratchDirectory::create("", "ferry-core-test-", error);
  ASSERT_TRUE(made) << error.message();
  EXPECT_EQ(made->path().parent_path(), fs::temp_directory_path());
}

TEST(CoreScratchDirectory, IsRemovedWithEverythingInItAndAMovedOneOnlyOnce) {
  TempDir parent;
  std::error_code error;
  fs::path path;
  {
    auto made = ScratchDirectory::create(parent.path(), "s-", error);
    ASSERT_TRUE(made);
    path = made->path();
    write_file(path / "run/output/a.yaml", "a");
    const ScratchDirectory moved = std::move(*made);
    EXPECT_TRUE(made->path().empty());
    EXPECT_EQ(moved.path(), path);
    made.reset();
    EXPECT_TRUE(fs::exists(path / "run/output/a.yaml"));
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_TRUE(fs::is_directory(parent.path()));
}

TEST(CoreScratchDirectory, SaysWhyWhenItCannotBeMade) {
  TempDir parent;
  write_file(parent.path() / "file", "not a directory");
  std::error_code error;
  EXPECT_FALSE(ScratchDirectory::create(parent.path() / "file", "s-", error));
  EXPECT_TRUE(error);
}

}  // namespace
}  // namespace ferry
