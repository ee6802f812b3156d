// create_bare_repository (writer/repo_creation.h): racing creators all succeed, the result is one whole
// repository, and no temporary directory is left beside it.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "tests/support/test_support.h"
#include "writer/repo_creation.h"

namespace ferry::writer::git {
namespace {

using ferry::testing::run;
using ferry::testing::TempDir;

TEST(RepoCreationTest, RacingCreatorsAllSucceedAndLeaveOneWholeRepository) {
  TempDir dir;
  const auto path = dir.path() / "stores/new.git";
  constexpr int kCreators = 8;
  std::vector<Status> results(kCreators, ok());
  std::vector<std::thread> creators;
  for (int i = 0; i < kCreators; ++i) {
    creators.emplace_back([&, i] { results[i] = create_bare_repository(path, "main"); });
  }
  for (auto& creator : creators) creator.join();
  for (const Status& result : results) EXPECT_TRUE(result) << result.error().render();
  EXPECT_EQ(run("git --git-dir=" + path.string() + " symbolic-ref HEAD").output, "refs/heads/main\n");
  EXPECT_EQ(run("git --git-dir=" + path.string() + " rev-parse --is-bare-repository").output, "true\n");
  std::vector<std::string> left;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path() / "stores")) {
    left.push_back(entry.path().filename().string());
  }
  EXPECT_EQ(left, std::vector<std::string>{"new.git"});
}

TEST(RepoCreationTest, AnExistingPathIsLeftAlone) {
  TempDir dir;
  ferry::testing::write_file(dir.path() / "taken/file", "x");
  EXPECT_TRUE(create_bare_repository(dir.path() / "taken", "main"));
  EXPECT_EQ(ferry::testing::read_file(dir.path() / "taken/file"), "x");
}

}  // namespace
}  // namespace ferry::writer::git
