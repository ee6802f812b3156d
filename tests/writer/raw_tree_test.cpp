// git::RawTree: edits of a tree's encoding give byte for byte the tree git_treebuilder writes for the same
// entries (random edit sequences over names chosen to stress Git's order, checked by `git fsck --strict`),
// and a corrupt encoding is an error naming the entry's offset.
#include "writer/raw_tree.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "tests/support/test_support.h"
#include "tests/writer/bare_repository.h"
#include "writer/git_handles.h"
#include "writer/oid_hex.h"
#include "writer/tree_path.h"

namespace ferry::writer::git {
namespace {

using TreeBuilderPtr = Handle<git_treebuilder, git_treebuilder_free>;

// Names whose order differs between plain byte order and Git's (where a directory "a" sorts as "a/").
const std::vector<std::string> kNames = {"a",  "a.b", "a-b", "a0", "a_", "ab",
                                         "a~", "b",   "a.",  "-",  "z",  "a.b.c"};

class RawTreeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_ = testing_git::init_bare_repository(path_);
    ASSERT_NE(repo_, nullptr);
    git_odb* odb = nullptr;
    ASSERT_EQ(git_repository_odb(&odb, repo_.get()), 0);
    odb_.reset(odb);
    for (int i = 0; i < 3; ++i) {
      const std::string content = "blob " + std::to_string(i);
      git_oid id;
      ASSERT_EQ(git_blob_create_from_buffer(&id, repo_.get(), content.data(), content.size()), 0);
      blobs_.push_back(id);
    }
    // Directories need real trees: git_treebuilder refuses ids of objects that are not there.
    for (const git_oid& blob : blobs_)
      trees_.push_back(write_with_builder({{"f", {GIT_FILEMODE_BLOB, blob}}}));
  }

  // The tree git_treebuilder writes for `entries`.
  git_oid write_with_builder(const std::map<std::string, RawTree::Entry>& entries) {
    git_treebuilder* raw = nullptr;
    EXPECT_EQ(git_treebuilder_new(&raw, repo_.get(), nullptr), 0);
    TreeBuilderPtr builder(raw);
    for (const auto& [name, entry] : entries) {
      EXPECT_EQ(git_treebuilder_insert(nullptr, raw, name.c_str(), &entry.id,
                                       static_cast<git_filemode_t>(entry.mode)),
                0)
          << name;
    }
    git_oid id;
    EXPECT_EQ(git_treebuilder_write(&id, raw), 0);
    return id;
  }
  std::string bytes_of(const git_oid& id) {
    git_odb_object* raw = nullptr;
    EXPECT_EQ(git_odb_read(&raw, odb_.get(), &id), 0);
    OdbObjectPtr object(raw);
    return std::string(static_cast<const char*>(git_odb_object_data(raw)), git_odb_object_size(raw));
  }
  git_oid write_raw(const std::string& bytes) {
    git_oid id;
    EXPECT_EQ(git_odb_write(&id, odb_.get(), bytes.data(), bytes.size(), GIT_OBJECT_TREE), 0);
    return id;
  }
  // A directory of some of kNames, each a random entry.
  std::map<std::string, RawTree::Entry> random_model(std::mt19937& random) {
    std::map<std::string, RawTree::Entry> model;
    for (const std::string& name : kNames) {
      if (random() % 2 == 0) model[name] = random_entry(random);
    }
    return model;
  }
  RawTree::Entry random_entry(std::mt19937& random) {
    const bool directory = random() % 2 == 0;
    const auto& ids = directory ? trees_ : blobs_;
    return {directory ? unsigned{GIT_FILEMODE_TREE} : unsigned{GIT_FILEMODE_BLOB},
            ids[random() % ids.size()]};
  }

  testing::TempDir temp_;
  std::filesystem::path path_ = temp_.path() / "repo.git";
  RepoPtr repo_;
  OdbPtr odb_;
  std::vector<git_oid> blobs_;
  std::vector<git_oid> trees_;
};

TEST_F(RawTreeTest, RandomEditsGiveTheTreeTheTreebuilderWrites) {
  std::mt19937 random(20261123);
  for (int round = 0; round < 200; ++round) {
    std::map<std::string, RawTree::Entry> model = random_model(random);
    auto tree = RawTree::parse(bytes_of(write_with_builder(model)), "test");
    ASSERT_TRUE(tree.ok()) << tree.error().message;
    const int edits = static_cast<int>(random() % 6);
    for (int i = 0; i < edits; ++i) {
      const std::string& name = kNames[random() % kNames.size()];
      if (random() % 3 == 0) {
        tree->remove(name);
        model.erase(name);
      } else {
        const RawTree::Entry entry = random_entry(random);
        tree->put(name, entry);
        model[name] = entry;
      }
    }
    const git_oid expected = write_with_builder(model);
    ASSERT_EQ(tree->serialize(), bytes_of(expected)) << "round " << round;
    EXPECT_EQ(tree->size(), model.size());
    EXPECT_EQ(tree->unedited(), edits == 0);
    for (const std::string& name : kNames) {
      const auto found = tree->find(name);
      ASSERT_EQ(found.has_value(), model.contains(name)) << name;
      if (found) {
        EXPECT_EQ(found->mode, model[name].mode) << name;
        EXPECT_EQ(oid_hex(found->id), oid_hex(model[name].id)) << name;
      }
    }
    write_raw(tree->serialize());
  }
  const auto fsck = testing::run("git --git-dir=" + path_.string() + " fsck --strict --no-dangling");
  EXPECT_EQ(fsck.exit_code, 0) << fsck.output;
  EXPECT_EQ(fsck.output.find("error"), std::string::npos) << fsck.output;
  EXPECT_EQ(fsck.output.find("warning"), std::string::npos) << fsck.output;
}

// RawTree::find_in and entry_at_path (writer/tree_path.h) find what git_tree_entry_bypath finds, on random
// trees of names that stress Git's order, through directories, files and missing names.
TEST_F(RawTreeTest, PathLookupsByScanningAgreeWithLibgit2s) {
  std::mt19937 random(20261128);
  for (int round = 0; round < 50; ++round) {
    std::map<std::string, RawTree::Entry> model = random_model(random);
    const git_oid root = write_with_builder(model);
    const std::string bytes = bytes_of(root);
    git_tree* raw_tree = nullptr;
    ASSERT_EQ(git_tree_lookup(&raw_tree, repo_.get(), &root), 0);
    const TreePtr tree(raw_tree);
    std::vector<std::string> paths = {"", "zz", "a//f", "/a", "a/"};
    for (const std::string& name : kNames) {
      const auto found = RawTree::find_in(bytes, name, "test");
      ASSERT_TRUE(found.ok()) << found.error().message;
      ASSERT_EQ(found->has_value(), model.contains(name)) << name;
      if (*found) {
        EXPECT_EQ(oid_hex((*found)->id), oid_hex(model[name].id)) << name;
      }
      for (const char* below : {"", "/f", "/g", "/f/x"}) paths.push_back(name + below);
    }
    for (const std::string& path : paths) {
      git_tree_entry* raw_entry = nullptr;
      const int rc = git_tree_entry_bypath(&raw_entry, tree.get(), path.c_str());
      const TreeEntryPtr expected(rc == 0 ? raw_entry : nullptr);
      auto entry = entry_at_path(repo_.get(), root, path, "test");
      ASSERT_TRUE(entry.ok()) << path << ": " << entry.error().message;
      ASSERT_EQ(entry->has_value(), expected != nullptr) << path;
      if (!expected) continue;
      EXPECT_EQ(oid_hex((*entry)->id), oid_hex(*git_tree_entry_id(expected.get()))) << path;
      EXPECT_EQ((*entry)->mode, static_cast<unsigned>(git_tree_entry_filemode(expected.get()))) << path;
      EXPECT_EQ(is_blob_entry(**entry), git_tree_entry_type(expected.get()) == GIT_OBJECT_BLOB) << path;
      EXPECT_EQ(is_tree_entry(**entry), git_tree_entry_type(expected.get()) == GIT_OBJECT_TREE) << path;
    }
  }
}

TEST_F(RawTreeTest, EntriesOutOfOrderAreWrittenInGitsOrder) {
  std::string unsorted;
  for (const char* name : {"b", "a"}) {
    unsorted += std::string("100644 ") + name + '\0';
    unsorted.append(reinterpret_cast<const char*>(blobs_[0].id), GIT_OID_RAWSZ);
  }
  auto tree = RawTree::parse(unsorted, "test");
  ASSERT_TRUE(tree.ok());
  EXPECT_EQ(tree->serialize(), bytes_of(write_with_builder({{"a", {GIT_FILEMODE_BLOB, blobs_[0]}},
                                                            {"b", {GIT_FILEMODE_BLOB, blobs_[0]}}})));
}

// The tree keeps its owner's bytes alive: once the caller has let go of them, an edit still serializes the
// old entries (ASan would see a read of freed bytes otherwise).
TEST_F(RawTreeTest, ATreeOverAnOwnersBytesKeepsThemAlive) {
  const std::string bytes = bytes_of(write_with_builder({{"a", {GIT_FILEMODE_BLOB, blobs_[0]}}}));
  auto owner = std::make_shared<std::string>(bytes);
  auto tree = RawTree::parse(std::string_view(*owner), owner, "test");
  ASSERT_TRUE(tree.ok());
  owner.reset();
  tree->put("b", {GIT_FILEMODE_BLOB, blobs_[1]});
  EXPECT_EQ(tree->serialize(), bytes_of(write_with_builder({{"a", {GIT_FILEMODE_BLOB, blobs_[0]}},
                                                            {"b", {GIT_FILEMODE_BLOB, blobs_[1]}}})));
}

TEST_F(RawTreeTest, ACorruptEntryIsAnErrorAtItsOffset) {
  const std::string id(GIT_OID_RAWSZ, 'x');
  const std::string good = std::string("100644 a") + '\0' + id;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {good + "100644 b", "entry at byte 29 does not parse"},                   // no NUL, no id
      {good + "100644 b" + '\0' + "short", "entry at byte 29 does not parse"},  // id cut short
      {std::string("10064x a") + '\0' + id, "entry at byte 0 does not parse"},  // not an octal mode
      {std::string(" a") + '\0' + id, "entry at byte 0 does not parse"},        // no mode
      {std::string("100644 ") + '\0' + id, "entry at byte 0 does not parse"},   // no name
  };
  for (const auto& [bytes, reason] : cases) {
    auto tree = RawTree::parse(bytes, "tree 123 of store");
    ASSERT_FALSE(tree.ok()) << reason;
    EXPECT_EQ(tree.error().message, "corrupt tree in tree 123 of store: " + reason);
    // A scan for a name after the corrupt entry says the same (one before it is found).
    auto found = RawTree::find_in(bytes, "z", "tree 123 of store");
    ASSERT_FALSE(found.ok()) << reason;
    EXPECT_EQ(found.error().message, "corrupt tree in tree 123 of store: " + reason);
  }
  auto before = RawTree::find_in(good + "100644 b", "a", "tree 123 of store");
  ASSERT_TRUE(before.ok());
  EXPECT_TRUE(before->has_value());
}

TEST(GitEntryOrder, ADirectorySortsAsIfItsNameEndedInASlash) {
  EXPECT_TRUE(git_entry_less("a", false, "a.b", false));
  EXPECT_TRUE(git_entry_less("a.b", false, "a", true));  // "a.b" < "a/"
  EXPECT_TRUE(git_entry_less("a", true, "a0", false));   // "a/" < "a0"
  EXPECT_TRUE(git_entry_less("a", false, "a", true));    // the same name: the file first
  EXPECT_FALSE(git_entry_less("a", true, "a", true));
}

}  // namespace
}  // namespace ferry::writer::git
