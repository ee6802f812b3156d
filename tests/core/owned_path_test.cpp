// OwnedPath (core/owned_path.h): removes what it owns, a file or a whole directory, exactly once.
#include "core/owned_path.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using ferry::testing::TempDir;
using ferry::testing::write_file;

TEST(CoreOwnedPath, RemovesAFileOrADirectoryWithItsContent) {
  TempDir parent;
  write_file(parent.path() / "secret", "s");
  write_file(parent.path() / "dir/deep/a.yaml", "a");
  { const OwnedPath file(parent.path() / "secret"); }
  { const OwnedPath dir(parent.path() / "dir"); }
  EXPECT_FALSE(fs::exists(parent.path() / "secret"));
  EXPECT_FALSE(fs::exists(parent.path() / "dir"));
  EXPECT_TRUE(fs::is_directory(parent.path()));
}

TEST(CoreOwnedPath, AMoveHandsOverAndAnAssignmentRemovesWhatWasOwnedBefore) {
  TempDir parent;
  write_file(parent.path() / "a", "a");
  write_file(parent.path() / "b", "b");
  OwnedPath a(parent.path() / "a");
  OwnedPath b(parent.path() / "b");
  OwnedPath moved(std::move(a));
  EXPECT_TRUE(a.path().empty());
  EXPECT_EQ(moved.path(), parent.path() / "a");
  moved = std::move(b);
  EXPECT_FALSE(fs::exists(parent.path() / "a"));
  EXPECT_TRUE(fs::exists(parent.path() / "b"));
  EXPECT_TRUE(b.path().empty());
  { const OwnedPath nothing; }
  EXPECT_TRUE(fs::exists(parent.path() / "b"));
}

}  // namespace
}  // namespace ferry
