// The fsync setting (writer/durability.h) seen through a recording of the fsync calls: this binary defines
// fsync itself, so libgit2's calls (a shared library's, which the executable's definition interposes) and
// ferry's own are counted before they reach the C library's.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"
#include "writer/durability.h"
#include "writer/local_git_repo.h"

namespace {

std::atomic<int>& fsync_calls() {
  static std::atomic<int> calls{0};
  return calls;
}

}  // namespace

extern "C" int fsync(int fd) {
  using Fsync = int (*)(int);
  static const auto real = reinterpret_cast<Fsync>(dlsym(RTLD_NEXT, "fsync"));
  fsync_calls().fetch_add(1);
  return real(fd);
}

namespace ferry::writer {
namespace {

using testing_remote::change_of;

// How many fsync calls `action` made.
template <class Action>
int fsyncs_of(Action action) {
  const int before = fsync_calls().load();
  action();
  return fsync_calls().load() - before;
}

class FsyncTest : public ::testing::Test {
 protected:
  void TearDown() override { set_fsync(kFsyncByDefault); }
  testing::TempDir temp_;
};

// The setting as it was when the store was opened: libgit2 reads it for refs when it opens a repository.
TEST_F(FsyncTest, OnACommitFsyncsItsObjectsAndTheRefOffNothing) {
  auto commit_in_new_store = [&](const std::string& name) {
    auto opened = LocalGitRepo::open(temp_.path() / (name + ".git"), "main");
    ASSERT_TRUE(opened.ok()) << opened.error().render();
    auto outcome = (*opened)->apply(change_of({{name, {{"record.json", "{\"name\":\"" + name + "\"}"}}}}));
    ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  };
  set_fsync(true);
  // A blob, two trees, a commit and the ref, each file and its directory; and the new repository's directory.
  EXPECT_GE(fsyncs_of([&] { commit_in_new_store("on"); }), 10);
  set_fsync(false);
  EXPECT_EQ(fsyncs_of([&] { commit_in_new_store("off"); }), 0);
}

TEST_F(FsyncTest, FerrysOwnFilesAndDirectoriesFollowTheSetting) {
  set_fsync(true);
  EXPECT_EQ(fsyncs_of([&] { ASSERT_TRUE(write_new_file(temp_.path() / "on", "bytes").ok()); }), 1);
  EXPECT_EQ(fsyncs_of([&] { ASSERT_TRUE(sync_directory(temp_.path()).ok()); }), 1);
  set_fsync(false);
  EXPECT_EQ(fsyncs_of([&] { ASSERT_TRUE(write_new_file(temp_.path() / "off", "bytes").ok()); }), 0);
  EXPECT_EQ(fsyncs_of([&] { ASSERT_TRUE(sync_directory(temp_.path()).ok()); }), 0);
  EXPECT_EQ(testing::read_file(temp_.path() / "off"), "bytes");
}

TEST_F(FsyncTest, WriteNewFileRefusesAnExistingFile) {
  testing::write_file(temp_.path() / "there", "old");
  auto written = write_new_file(temp_.path() / "there", "new");
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().message, "cannot create " + (temp_.path() / "there").string() + ": File exists");
}

}  // namespace
}  // namespace ferry::writer
