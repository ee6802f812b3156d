// A whole file mapped read-only (core/mapped_file.h): its text, no file, an empty file, an error naming the
// path, and a mapping that keeps the text it mapped when the file is replaced by a rename, as ferry's cache
// files are.
#include "core/mapped_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/support/test_support.h"

namespace ferry {
namespace {

namespace fs = std::filesystem;

TEST(MappedFileTest, ItsTextIsTheFilesBytes) {
  testing::TempDir dir;
  const std::string bytes = std::string("report\n") + '\0' + std::string(100000, 'r') + "end";
  testing::write_file(dir.path() / "memo", bytes);
  auto mapped = MappedFile::map_if_present(dir.path() / "memo");
  ASSERT_TRUE(mapped.ok()) << mapped.error().message;
  ASSERT_TRUE(*mapped);
  EXPECT_TRUE((**mapped)->text() == bytes);
}

TEST(MappedFileTest, NoFileIsNothingAndAnEmptyFileIsAnEmptyText) {
  testing::TempDir dir;
  auto absent = MappedFile::map_if_present(dir.path() / "absent");
  ASSERT_TRUE(absent.ok()) << absent.error().message;
  EXPECT_FALSE(*absent);
  testing::write_file(dir.path() / "empty", "");
  auto empty = MappedFile::map_if_present(dir.path() / "empty");
  ASSERT_TRUE(empty.ok() && *empty);
  EXPECT_EQ((**empty)->text(), "");
}

TEST(MappedFileTest, ADirectoryIsAnErrorNamingIt) {
  testing::TempDir dir;
  auto mapped = MappedFile::map_if_present(dir.path());
  ASSERT_FALSE(mapped.ok());
  EXPECT_EQ(mapped.error().message, "cannot map " + dir.path().string() + ": not a regular file");
}

TEST(MappedFileTest, TheTextStaysWhenTheFileIsReplacedByARename) {
  testing::TempDir dir;
  testing::write_file(dir.path() / "memo", "the memo read");
  auto mapped = MappedFile::map_if_present(dir.path() / "memo");
  ASSERT_TRUE(mapped.ok() && *mapped);
  testing::write_file(dir.path() / "memo.tmp", "the memo written after it");
  fs::rename(dir.path() / "memo.tmp", dir.path() / "memo");
  EXPECT_EQ((**mapped)->text(), "the memo read");
}

}  // namespace
}  // namespace ferry
