// collect_output_groups: the work-creator split of reference §2.6 and the refusal of untrusted output.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "pipeline/workflow.h"
#include "tests/support/test_support.h"

namespace ferry::pipeline {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;

class OutputGroups : public ::testing::Test {
 protected:
  Result<std::vector<OutputGroup>> collect(const std::vector<SelectorEntry>& entries) {
    return collect_output_groups(dir.path(), entries, options, "instance-configure");
  }
  std::string error_of(const std::vector<SelectorEntry>& entries) {
    auto groups = collect(entries);
    return groups.ok() ? "no error" : groups.error().render();
  }
  TempDir dir;
  WorkflowOptions options;
};

// The "Directory-based scheduling" example of the Kratix docs (seed 001).
TEST_F(OutputGroups, KratixDocExample) {
  write_file(dir.path() / "document-0.yaml", "d0");
  write_file(dir.path() / "some-dir/document-1.yaml", "d1");
  write_file(dir.path() / "scheduled-dir/document-2.yaml", "d2");
  write_file(dir.path() / "scheduled-dir/document-3.yaml", "d3");
  auto groups = collect({{"scheduled-dir", {{"workflow", "subdir"}}}});
  ASSERT_TRUE(groups.ok()) << groups.error().render();
  ASSERT_EQ(groups->size(), 2u);
  const OutputGroup& scheduled = (*groups)[0];
  EXPECT_EQ(scheduled.directory, "scheduled-dir");
  EXPECT_EQ(scheduled.id, "705248a42236c2a255748b232c0c6c8a");
  EXPECT_EQ(scheduled.workflow_selector, (Labels{{"workflow", "subdir"}}));
  EXPECT_EQ(scheduled.files, (std::vector<OutputFile>{{"scheduled-dir/document-2.yaml", "d2"},
                                                      {"scheduled-dir/document-3.yaml", "d3"}}));
  const OutputGroup& fallback = (*groups)[1];
  EXPECT_EQ(fallback.directory, ".");
  EXPECT_EQ(fallback.id, "5058f1af8388633f609cadb75a75dc9d");
  EXPECT_EQ(fallback.workflow_selector, std::nullopt);
  EXPECT_EQ(fallback.files,
            (std::vector<OutputFile>{{"document-0.yaml", "d0"}, {"some-dir/document-1.yaml", "d1"}}));
}

TEST_F(OutputGroups, DefaultEntrySelectsDefaultGroupAndGroupsFollowEntryOrder) {
  write_file(dir.path() / "zeta/z.yaml", "z");
  write_file(dir.path() / "alpha/a.yaml", "a");
  write_file(dir.path() / "root.bin", std::string("\0\xff", 2));
  auto groups = collect({{"zeta", {{"z", "1"}}}, {".", {{"env", "dev"}}}, {"alpha", {{"a", "1"}}}});
  ASSERT_TRUE(groups.ok()) << groups.error().render();
  ASSERT_EQ(groups->size(), 3u);
  EXPECT_EQ((*groups)[0].id, "e26026b73cdc3b59012c318ba26b5518");
  EXPECT_EQ((*groups)[1].id, "2c1743a391305fbf367df8e4f069f9f9");
  EXPECT_EQ((*groups)[2].directory, ".");
  EXPECT_EQ((*groups)[2].workflow_selector, (Labels{{"env", "dev"}}));
  EXPECT_EQ((*groups)[2].files, (std::vector<OutputFile>{{"root.bin", std::string("\0\xff", 2)}}));
}

TEST_F(OutputGroups, EntriesCarryTheirMatchExpressionsToTheirGroups) {
  write_file(dir.path() / "ml/m.yaml", "m");
  write_file(dir.path() / "root.yaml", "r");
  const LabelExpression gpu{"gpu", LabelOperator::exists};
  const LabelExpression eu{"zone", LabelOperator::in, {"eu"}};
  auto groups = collect({{"ml", {}, {gpu}}, {".", {{"env", "dev"}}, {eu}}});
  ASSERT_TRUE(groups.ok()) << groups.error().render();
  ASSERT_EQ(groups->size(), 2u);
  EXPECT_EQ((*groups)[0].workflow_expressions, (std::vector<LabelExpression>{gpu}));
  EXPECT_EQ((*groups)[1].workflow_expressions, (std::vector<LabelExpression>{eu}));
}

TEST_F(OutputGroups, DefaultGroupAbsentWhenEmptyListedGroupKeptWhenEmpty) {
  std::filesystem::create_directories(dir.path() / "baz/empty");
  auto groups = collect({{".", {{"env", "dev"}}}, {"baz", {{"env", "prod"}}}});
  ASSERT_TRUE(groups.ok()) << groups.error().render();
  ASSERT_EQ(groups->size(), 1u);
  EXPECT_EQ((*groups)[0].directory, "baz");
  EXPECT_TRUE((*groups)[0].files.empty());
}

TEST_F(OutputGroups, EmptyOutputIsNoGroups) {
  auto groups = collect({});
  ASSERT_TRUE(groups.ok()) << groups.error().render();
  EXPECT_TRUE(groups->empty());
}

TEST_F(OutputGroups, MissingListedDirectory) {
  write_file(dir.path() / "a.yaml", "a");
  write_file(dir.path() / "file-not-dir", "x");
  const char* advice = "write its files to /kratix/output/";
  EXPECT_EQ(error_of({{"scheduled-dir", {{"a", "b"}}}}),
            std::string("pipeline \"instance-configure\": directory \"scheduled-dir\" of the destination "
                        "selectors is not a directory in /kratix/output: ") +
                advice + "scheduled-dir/ or remove the entry");
  EXPECT_EQ(error_of({{"file-not-dir", {{"a", "b"}}}}),
            std::string("pipeline \"instance-configure\": directory \"file-not-dir\" of the destination "
                        "selectors is not a directory in /kratix/output: ") +
                advice + "file-not-dir/ or remove the entry");
}

TEST_F(OutputGroups, SymlinksRefusedFirstByPath) {
  write_file(dir.path() / "x/real.yaml", "r");
  std::filesystem::create_symlink("/etc/passwd", dir.path() / "x/link.yaml");
  std::filesystem::create_directory_symlink("/etc", dir.path() / "y");
  EXPECT_EQ(error_of({}),
            "pipeline \"instance-configure\": output \"x/link.yaml\" is a symlink; only regular files and "
            "directories are allowed");
  std::filesystem::create_symlink("real.yaml", dir.path() / "x/a-link.yaml");
  EXPECT_EQ(error_of({}),
            "pipeline \"instance-configure\": output \"x/a-link.yaml\" is a symlink; only regular files and "
            "directories are allowed");
}

TEST_F(OutputGroups, SymlinkedListedDirectoryRefused) {
  std::filesystem::create_directory(dir.path() / "real");
  std::filesystem::create_directory_symlink(dir.path() / "real", dir.path() / "baz");
  EXPECT_EQ(
      error_of({{"baz", {{"a", "b"}}}}),
      "pipeline \"instance-configure\": output \"baz\" is a symlink; only regular files and directories "
      "are allowed");
}

TEST_F(OutputGroups, FifoRefused) {
  std::filesystem::create_directories(dir.path() / "q");
  ASSERT_EQ(::mkfifo((dir.path() / "q/pipe").c_str(), 0600), 0);
  EXPECT_EQ(
      error_of({}),
      "pipeline \"instance-configure\": output \"q/pipe\" is a fifo; only regular files and directories "
      "are allowed");
}

TEST_F(OutputGroups, FileCap) {
  write_file(dir.path() / "a", "1");
  write_file(dir.path() / "d/b", "2");
  options.max_output_files = 2;
  EXPECT_TRUE(collect({}).ok());
  write_file(dir.path() / "d/e/c", "3");
  EXPECT_EQ(error_of({}),
            "pipeline \"instance-configure\": output has more than 2 files: write fewer files or raise the "
            "limit (--max-output-files)");
}

TEST_F(OutputGroups, ByteCap) {
  write_file(dir.path() / "a", "123456");
  write_file(dir.path() / "baz/b", "7890");
  options.max_output_bytes = 10;
  EXPECT_TRUE(collect({{"baz", {{"a", "b"}}}}).ok());
  write_file(dir.path() / "baz/c", "1");
  EXPECT_EQ(
      error_of({{"baz", {{"a", "b"}}}}),
      "pipeline \"instance-configure\": output has more than 10 bytes in total: write less or raise the "
      "limit (--max-output-bytes)");
}

TEST_F(OutputGroups, ManyFilesReadInParallelKeepPathOrder) {
  std::vector<OutputFile> expected;
  for (int i = 0; i < 300; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "many/f%03d.txt", i);
    write_file(dir.path() / name, std::to_string(i));
    expected.push_back({name, std::to_string(i)});
  }
  auto groups = collect({});
  ASSERT_TRUE(groups.ok()) << groups.error().render();
  ASSERT_EQ(groups->size(), 1u);
  EXPECT_EQ((*groups)[0].files, expected);
}

}  // namespace
}  // namespace ferry::pipeline
