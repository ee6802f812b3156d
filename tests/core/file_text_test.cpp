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
