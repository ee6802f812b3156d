// core/file_text.h's read_file_if_present: a missing file is no file, an unreadable one is an error naming
// it and the system's reason, never taken for a missing one.
#include "core/file_text.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

TEST(FileText, AFileThatIsThereIsReadWhole) {
  TempDir dir;
  testing::write_file(dir.path() / "f", std::string(100000, 'x') + "end");
  auto read = read_file_if_present(dir.path() / "f");
  ASSERT_TRUE(read.ok()) << read.error().render();
  ASSERT_TRUE(read->has_value());
  EXPECT_EQ(read->value().size(), 100003u);
  EXPECT_TRUE(read->value().ends_with("end"));
}

// Read into a string sized by fstat: a file whose size the system gives as 0 (as /proc's do) or an empty one
// is read whole all the same.
TEST(FileText, AFileWhoseSizeIsNotKnownAheadOrEmptyIsReadWhole) {
  auto status = read_file_if_present("/proc/self/status");
  ASSERT_TRUE(status.ok()) << status.error().render();
  ASSERT_TRUE(status->has_value());
  EXPECT_NE(status->value().find("\nPid:\t" + std::to_string(::getpid()) + "\n"), std::string::npos);
  TempDir dir;
  testing::write_file(dir.path() / "empty", "");
  auto empty = read_file_if_present(dir.path() / "empty");
  ASSERT_TRUE(empty.ok() && empty->has_value());
  EXPECT_EQ(empty->value(), "");
}

TEST(FileText, AMissingFileOrDirectoryIsNoFile) {
  TempDir dir;
  testing::write_file(dir.path() / "plain", "x");
  for (const fs::path& path : {dir.path() / "missing", dir.path() / "plain" / "below"}) {
    auto read = read_file_if_present(path);
    ASSERT_TRUE(read.ok()) << read.error().render();
    EXPECT_FALSE(read->has_value()) << path;
  }
}

TEST(FileText, AFileThatCannotBeReadIsAnErrorNamingIt) {
  TempDir dir;
  auto read = read_file_if_present(dir.path());  // a directory: open succeeds, read fails with EISDIR
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().message, "cannot read " + dir.path().string() + ": Is a directory");
}

}  // namespace
}  // namespace ferry
