// StateStore::read_folder on a local Git store (writer/state_store.h FolderRead): the tree id and every
// blob id on a first read; nothing read when the tree is the known one; a delta against a known tree the
// repository holds (the added or changed files read, the removed ones named); the files whose blob ids are
// known left out when it does not hold it.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"

namespace ferry::writer {
namespace {

using Files = std::map<std::string, std::string>;

class FolderReadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto repo = LocalGitRepo::open(temp_.path() / "store.git", "main");
    ASSERT_TRUE(repo.ok()) << repo.error().render();
    repo_ = std::move(*repo);
    commit({{"r/a", {{"record.json", "A"}}},
            {"r/b", {{"record.json", "B"}}},
            {"r/c", {{"x", "C"}}},
            {"other", {{"o", "O"}}}});
  }
  void commit(std::vector<Bundle> bundles, std::vector<std::string> removed = {}) {
    Change change;
    change.bundles = std::move(bundles);
    change.removed_directories = std::move(removed);
    change.message = "test change";
    auto outcome = repo_->apply(change);
    ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  }
  FolderRead read(const KnownFolder& known) {
    auto read = repo_->read_folder("r", known);
    EXPECT_TRUE(read.ok()) << read.error().render();
    return read.ok() ? *read : FolderRead{};
  }

  testing::TempDir temp_;
  std::unique_ptr<LocalGitRepo> repo_;
};

TEST_F(FolderReadTest, AFirstReadGivesEveryFileAndItsBlobId) {
  const FolderRead first = read({});
  EXPECT_EQ(first.files, (Files{{"r/a/record.json", "A"}, {"r/b/record.json", "B"}, {"r/c/x", "C"}}));
  EXPECT_EQ(first.blob_ids.size(), 3u);
  EXPECT_EQ(first.tree_id.size(), 40u);
  EXPECT_FALSE(first.delta);
  const FolderRead same = read({first.tree_id, first.blob_ids});
  EXPECT_TRUE(same.unchanged);
  EXPECT_TRUE(same.files.empty());
}

// One changed file, one removed, one added, and a file replaced by a folder: only those are read.
TEST_F(FolderReadTest, AKnownTreeTheRepositoryHoldsGivesADelta) {
  const FolderRead first = read({});
  commit({{"r/a", {{"record.json", "A2"}}}, {"r/d", {{"record.json", "D"}}}, {"r/c/x", {{"y", "Y"}}}},
         {"r/b"});
  const FolderRead delta = read({first.tree_id, first.blob_ids});
  EXPECT_TRUE(delta.delta);
  EXPECT_EQ(delta.files, (Files{{"r/a/record.json", "A2"}, {"r/c/x/y", "Y"}, {"r/d/record.json", "D"}}));
  EXPECT_EQ(delta.blob_ids.size(), 3u);
  EXPECT_EQ(delta.removed, (std::vector<std::string>{"r/c/x", "r/b/record.json"}));
  EXPECT_NE(delta.blob_ids.at("r/a/record.json"), first.blob_ids.at("r/a/record.json"));
}

// A known tree the repository does not hold (another repository's): every file is walked, and only those
// whose blob ids differ from the known ones are read.
TEST_F(FolderReadTest, AnUnknownTreeReadsOnlyTheFilesWhoseBlobIdsChanged) {
  const FolderRead first = read({});
  commit({{"r/a", {{"record.json", "A2"}}}});
  const FolderRead walked = read({std::string(40, '0'), first.blob_ids});
  EXPECT_FALSE(walked.delta);
  EXPECT_EQ(walked.files, (Files{{"r/a/record.json", "A2"}}));
  EXPECT_EQ(walked.blob_ids.size(), 3u);
  EXPECT_EQ(walked.blob_ids.at("r/b/record.json"), first.blob_ids.at("r/b/record.json"));
}

}  // namespace
}  // namespace ferry::writer
