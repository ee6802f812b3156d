// A remote store's cache after a SIGKILL: libgit2 moves a ref by writing <ref>.lock and renaming it, so a
// ferry killed in between leaves the lock in the cache. The next apply removes it (holding the cache's
// lock, after two seconds) and commits, as a local store does (writer/ref_commit.h clear_stale_ref_lock).
#include <gtest/gtest.h>

#include "tests/support/test_support.h"
#include "tests/writer/remote_store_support.h"
#include "writer/remote_git_repo.h"

namespace ferry::writer {
namespace {

using testing::git;
using testing_remote::change_of;

TEST(RemoteCacheLock, AStaleRefLockInTheCacheIsRemovedAndTheNextApplyCommits) {
  testing::TempDir temp;
  const auto server = temp.path() / "server.git";
  testing_remote::make_server_repo(server);
  auto store = RemoteGitRepo::open(testing_remote::file_store_spec(server, temp.path() / "cache"));
  ASSERT_TRUE(store.ok()) << store.error().render();
  ASSERT_TRUE((*store)->apply(change_of({{"d", {{"a", "1"}}}})).ok());
  const auto cache = (*store)->cache_path();
  for (const auto* ref : {"refs/heads/main.lock", "refs/ferry/outgoing/main.lock"}) {
    std::filesystem::create_directories((cache / ref).parent_path());
    testing::write_file(cache / ref, "0000000000000000000000000000000000000000\n");
  }
  auto outcome = (*store)->apply(change_of({{"d", {{"a", "2"}}}}));
  ASSERT_TRUE(outcome.ok()) << outcome.error().render();
  EXPECT_EQ(git(server, "rev-parse main"), *outcome->commit_sha);
  EXPECT_FALSE(std::filesystem::exists(cache / "refs/heads/main.lock"));
  EXPECT_FALSE(std::filesystem::exists(cache / "refs/ferry/outgoing/main.lock"));
}

}  // namespace
}  // namespace ferry::writer
