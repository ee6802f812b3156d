// Packing a store's loose objects (LocalGitRepo::pack_loose_objects, writer/loose_objects.h), checked
// with the git CLI: the count, git's own view of the repository, that nothing written is lost, and the
// repository's own gc.auto.
#include "writer/loose_objects.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"
#include "writer/local_git_repo.h"

namespace ferry::writer {
namespace {

using testing::git;
using testing_remote::change_of;

// "count" (loose objects) or "in-pack" from `git count-objects -v`.
int objects(const std::filesystem::path& repo, const std::string& what) {
  const std::string text = git(repo, "count-objects -v");
  const auto at = text.find(what + ": ");
  return at == std::string::npos ? -1 : std::stoi(text.substr(at + what.size() + 2));
}

class LooseObjectsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto opened = LocalGitRepo::open(path_, "state");
    ASSERT_TRUE(opened.ok()) << opened.error().render();
    repo_ = std::move(opened).value();
    for (const char* name : {"a", "b", "c"}) {
      auto outcome =
          repo_->apply(change_of({{name, {{"record.json", std::string("{\"n\":\"") + name + "\"}"}}}}));
      ASSERT_TRUE(outcome.ok()) << outcome.error().render();
    }
  }
  testing::TempDir temp_;
  std::filesystem::path path_ = temp_.path() / "state.git";
  std::unique_ptr<LocalGitRepo> repo_;
};

// A tree of 64 KiB or more is written by ferry itself, its id hashed by libcrypto (core/sha1.h): git finds
// the loose object under the id its own SHA-1 gives, and nothing wrong with it.
TEST_F(LooseObjectsTest, ALargeTreeWrittenUncompressedHasTheIdGitGivesIt) {
  std::map<std::string, std::string> files;
  for (int i = 0; i < 2000; ++i) files["request-" + std::to_string(i) + ".yaml"] = std::to_string(i);
  auto outcome = repo_->apply(change_of({{"big", files}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  const std::string tree = git(path_, "rev-parse state:big");
  EXPECT_GE(std::stoul(git(path_, "cat-file -s " + tree)), git::kUncompressedFrom);
  const std::string dir = testing::shell_quote(path_.string());
  EXPECT_EQ(testing::run("git --git-dir=" + dir + " cat-file tree " + tree + " | git --git-dir=" + dir +
                         " hash-object -t tree --stdin")
                .output,
            tree + "\n");
  EXPECT_TRUE(std::filesystem::exists(path_ / "objects" / tree.substr(0, 2) / tree.substr(2)));
  git(path_, "fsck --full --strict --no-dangling");
}

TEST_F(LooseObjectsTest, FewerLooseObjectsThanTheLimitAreLeftAlone) {
  const int loose = objects(path_, "count");
  ASSERT_GT(loose, 0);
  auto packed = repo_->pack_loose_objects(static_cast<std::size_t>(loose) + 1);
  ASSERT_TRUE(packed.ok()) << packed.error().render();
  EXPECT_EQ(*packed, 0u);
  EXPECT_EQ(objects(path_, "count"), loose);
  EXPECT_EQ(objects(path_, "in-pack"), 0);
}

TEST_F(LooseObjectsTest, AtTheLimitEveryLooseObjectMovesIntoOnePackAndEveryFileStaysReadable) {
  const auto before = repo_->read_files("");
  ASSERT_TRUE(before.ok());
  const int loose = objects(path_, "count");
  auto packed = repo_->pack_loose_objects(static_cast<std::size_t>(loose));
  ASSERT_TRUE(packed.ok()) << packed.error().render();
  EXPECT_EQ(*packed, static_cast<std::size_t>(loose));
  EXPECT_EQ(objects(path_, "count"), 0);
  EXPECT_EQ(objects(path_, "in-pack"), loose);
  EXPECT_EQ(git(path_, "fsck --full --strict --no-dangling"), "");
  const auto after = repo_->read_files("");  // through the handle that read them loose
  ASSERT_TRUE(after.ok()) << after.error().render();
  EXPECT_EQ(*after, *before);
  auto reopened = LocalGitRepo::open(path_, "state");
  ASSERT_TRUE(reopened.ok());
  const auto fresh = (*reopened)->read_files("");
  ASSERT_TRUE(fresh.ok()) << fresh.error().render();
  EXPECT_EQ(*fresh, *before);
}

TEST_F(LooseObjectsTest, CommitsAfterPackingBuildOnThePackedTip) {
  ASSERT_TRUE(repo_->pack_loose_objects(1).ok());
  auto outcome = repo_->apply(change_of({{"d", {{"record.json", "{}"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(git(path_, "rev-list --count state"), "4");
  EXPECT_EQ(git(path_, "ls-tree --name-only state"), "a\nb\nc\nd");
  EXPECT_EQ(git(path_, "fsck --full --strict --no-dangling"), "");
}

// A repository's own gc.auto is honoured as git honours it: 0 turns packing off, a number replaces ferry's.
TEST_F(LooseObjectsTest, ARepositoryWhoseGcAutoIsZeroIsNeverPacked) {
  git(path_, "config gc.auto 0");
  const int loose = objects(path_, "count");
  auto packed = repo_->pack_loose_objects(1);
  ASSERT_TRUE(packed.ok()) << packed.error().render();
  EXPECT_EQ(*packed, 0u);
  EXPECT_EQ(objects(path_, "count"), loose);
}

TEST_F(LooseObjectsTest, ARepositorysGcAutoReplacesTheCallersLimit) {
  git(path_, "config gc.auto 2");
  const int loose = objects(path_, "count");
  auto packed = repo_->pack_loose_objects(1'000'000);
  ASSERT_TRUE(packed.ok()) << packed.error().render();
  EXPECT_EQ(*packed, static_cast<std::size_t>(loose));
  EXPECT_EQ(objects(path_, "count"), 0);
}

TEST_F(LooseObjectsTest, AStoreNotYetCreatedPacksNothing) {
  auto missing = LocalGitRepo::open(temp_.path() / "missing.git", "state");
  ASSERT_TRUE(missing.ok());
  auto packed = (*missing)->pack_loose_objects(0);
  ASSERT_TRUE(packed.ok()) << packed.error().render();
  EXPECT_EQ(*packed, 0u);
  EXPECT_FALSE(std::filesystem::exists(temp_.path() / "missing.git"));
}

}  // namespace
}  // namespace ferry::writer
