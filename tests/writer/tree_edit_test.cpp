// git::TreeEdit: the tree after a sequence of removals and placements, checked with `git ls-tree` on a real
// bare repository; and that untouched subtrees keep their ids.
#include "writer/tree_edit.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/test_support.h"
#include "tests/writer/bare_repository.h"
#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

constexpr const char* kEmptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

class TreeEditTest : public ::testing::Test {
 protected:
  void SetUp() override { repo_ = testing_git::init_bare_repository(path_); }
  git_oid blob(const std::string& content) {
    git_oid id;
    EXPECT_EQ(git_blob_create_from_buffer(&id, repo_.get(), content.data(), content.size()), 0);
    return id;
  }
  // The tree with `files` (path -> content), written by a TreeEdit of the empty tree.
  TreePtr tree_of(const std::vector<std::string>& paths) {
    auto edit = TreeEdit::start(repo_.get(), nullptr, "test");
    for (const std::string& path : paths) EXPECT_TRUE(edit->put(path, blob(path)).ok());
    auto written = edit->write();
    git_tree* raw = nullptr;
    EXPECT_EQ(git_tree_lookup(&raw, repo_.get(), &written->id), 0);
    return TreePtr(raw);
  }
  // `git ls-tree -r -t`: "<type> <path>" per entry, directories included.
  std::string listing(const git_oid& tree) {
    return testing::git(path_, "ls-tree -r -t --format='%(objecttype) %(path)' " + oid_hex(tree));
  }
  std::string entry_id(const git_oid& tree, const std::string& path) {
    return testing::git(path_, "rev-parse " + oid_hex(tree) + ":" + path);
  }
  TreeEdit::Written edit(const git_tree* base, const std::vector<std::string>& removed,
                         const std::vector<std::string>& put) {
    auto edit = TreeEdit::start(repo_.get(), base, "test");
    for (const std::string& path : removed) EXPECT_TRUE(edit->remove(path).ok()) << path;
    for (const std::string& path : put) EXPECT_TRUE(edit->put(path, blob(path)).ok()) << path;
    auto written = edit->write();
    EXPECT_TRUE(written.ok());
    return *written;
  }

  testing::TempDir temp_;
  std::filesystem::path path_ = temp_.path() / "repo.git";
  RepoPtr repo_;
};

TEST_F(TreeEditTest, MakesNestedDirectories) {
  const auto written = edit(nullptr, {}, {"a/b/c.txt", "a/d.txt", "e.txt"});
  EXPECT_FALSE(written.empty);
  EXPECT_EQ(listing(written.id), "tree a\ntree a/b\nblob a/b/c.txt\nblob a/d.txt\nblob e.txt");
  EXPECT_EQ(testing::git(path_, "cat-file -p " + entry_id(written.id, "a/b/c.txt")), "a/b/c.txt");
}

TEST_F(TreeEditTest, RemovingTheLastFileOfADirectoryRemovesTheDirectoryAndEmptyParents) {
  const TreePtr base = tree_of({"a/b/c.txt", "x.txt"});
  EXPECT_EQ(listing(edit(base.get(), {"a/b/c.txt"}, {}).id), "blob x.txt");
}

TEST_F(TreeEditTest, RemovingEverythingLeavesTheEmptyTree) {
  const TreePtr base = tree_of({"a/b/c.txt", "x.txt"});
  const auto written = edit(base.get(), {"a", "x.txt"}, {});
  EXPECT_TRUE(written.empty);
  EXPECT_EQ(oid_hex(written.id), kEmptyTree);
}

TEST_F(TreeEditTest, ReplacesADirectoryWholesale) {
  const TreePtr base = tree_of({"dir/one", "dir/sub/two", "other"});
  EXPECT_EQ(listing(edit(base.get(), {"dir"}, {"dir/three"}).id), "tree dir\nblob dir/three\nblob other");
}

TEST_F(TreeEditTest, PathsSharingAPrefixAreSeparate) {
  const TreePtr base = tree_of({"a/b/f", "a/bc/g", "a/b.txt"});
  EXPECT_EQ(listing(edit(base.get(), {"a/b"}, {}).id), "tree a\nblob a/b.txt\ntree a/bc\nblob a/bc/g");
  EXPECT_EQ(listing(edit(base.get(), {"a/bc"}, {"a/b/x"}).id),
            "tree a\nblob a/b.txt\ntree a/b\nblob a/b/f\nblob a/b/x");  // git sorts "b" as "b/"
}

TEST_F(TreeEditTest, ANoOpChangeKeepsTheTreeId) {
  const TreePtr base = tree_of({"a/b/c.txt", "x.txt"});
  const auto written = edit(base.get(), {"missing", "a/missing/deeper", "x.txt/below"}, {"a/b/c.txt"});
  EXPECT_EQ(oid_hex(written.id), oid_hex(*git_tree_id(base.get())));
  EXPECT_EQ(oid_hex(edit(base.get(), {}, {}).id), oid_hex(*git_tree_id(base.get())));
}

TEST_F(TreeEditTest, AnEmptyTreeWithoutEditsStaysEmpty) {
  const auto written = edit(nullptr, {"a/b"}, {});
  EXPECT_TRUE(written.empty);
  EXPECT_EQ(oid_hex(written.id), kEmptyTree);
}

TEST_F(TreeEditTest, UntouchedSubtreesKeepTheirIds) {
  const TreePtr base = tree_of({"big/one/a", "big/two/b", "small/c"});
  const auto written = edit(base.get(), {"small/c"}, {"small/d"});
  EXPECT_EQ(entry_id(written.id, "big"), entry_id(*git_tree_id(base.get()), "big"));
  EXPECT_EQ(listing(written.id),
            "tree big\ntree big/one\nblob big/one/a\ntree big/two\nblob big/two/b\n"
            "tree small\nblob small/d");
}

TEST_F(TreeEditTest, AFileInTheWayOfADirectoryIsReplacedAndTheOtherWayRound) {
  const TreePtr base = tree_of({"a", "d/e"});
  EXPECT_EQ(listing(edit(base.get(), {}, {"a/b", "d"}).id), "tree a\nblob a/b\nblob d");
}

TEST_F(TreeEditTest, RemovalsAndPlacementsApplyInOrder) {
  const TreePtr base = tree_of({"r/old"});
  auto edited = TreeEdit::start(repo_.get(), base.get(), "test");
  ASSERT_TRUE(edited->put("r/new", blob("new")).ok());
  ASSERT_TRUE(edited->remove("r").ok());
  ASSERT_TRUE(edited->put("r/kept/file", blob("kept")).ok());
  auto written = edited->write();
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(listing(written->id), "tree r\ntree r/kept\nblob r/kept/file");
}

// The size of `tree`'s loose file, and of its content.
std::pair<std::uintmax_t, std::uintmax_t> loose_and_content_size(const std::filesystem::path& repo,
                                                                 const std::string& tree) {
  const auto file = repo / "objects" / tree.substr(0, 2) / tree.substr(2);
  return {std::filesystem::file_size(file), std::stoul(testing::git(repo, "cat-file -s " + tree))};
}

TEST_F(TreeEditTest, ADirectoryOf64KiBOrMoreIsStoredUncompressedAndGitReadsIt) {
  std::vector<std::string> paths;
  for (int i = 0; i < 2000; ++i) paths.push_back("big/request-" + std::to_string(i) + "/object.yaml");
  for (int i = 0; i < 200; ++i) paths.push_back("mid/request-" + std::to_string(i) + "/object.yaml");
  const TreePtr base = tree_of(paths);
  const std::vector<std::string> removed = {"big/request-7"};
  const std::vector<std::string> put = {"big/request-new/object.yaml", "mid/request-new/object.yaml"};
  const auto written = edit(base.get(), removed, put);

  const std::string big = entry_id(written.id, "big");
  const auto [big_file, big_content] = loose_and_content_size(path_, big);
  EXPECT_GE(big_content, 64u * 1024);
  EXPECT_GT(big_file, big_content);  // stored: the content, a header and zlib's framing
  EXPECT_EQ(testing::git(path_, "ls-tree " + big + " | wc -l"), "2000");
  EXPECT_EQ(testing::git(path_, "ls-tree --name-only " + big + " | grep -c request-new"), "1");
  const auto [mid_file, mid_content] = loose_and_content_size(path_, entry_id(written.id, "mid"));
  EXPECT_LT(mid_content, 64u * 1024);
  EXPECT_LT(mid_file, mid_content);  // deflated, as libgit2 writes every other object
  const auto fsck = testing::run("git --git-dir=" + path_.string() + " fsck --strict --no-dangling");
  EXPECT_EQ(fsck.exit_code, 0) << fsck.output;
  // The same edit again finds its trees already there and gives the same id.
  EXPECT_EQ(oid_hex(edit(base.get(), removed, put).id), oid_hex(written.id));
}

}  // namespace
}  // namespace ferry::writer::git
