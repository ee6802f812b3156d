// open_state_store: which StateStore each URL form opens, and the refusals made before any network use.
#include "writer/store_factory.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "tests/support/test_support.h"
#include "writer/local_git_repo.h"
#include "writer/remote_git_repo.h"
#include "writer/temp_file.h"

namespace ferry::writer {
namespace {

class StoreFactory : public ::testing::Test {
 protected:
  StoreSpec spec(const std::string& url) const {
    StoreSpec spec;
    spec.url = url;
    spec.cache_dir = temp_.path() / "cache";
    spec.platform_root = temp_.path() / "platform";
    return spec;
  }
  std::string error_of(const StoreSpec& spec) const {
    auto store = open_state_store(spec);
    return store.ok() ? "no error" : store.error().render();
  }
  testing::TempDir temp_;
};

TEST_F(StoreFactory, LocalPathsOpenLocalGitRepoRelativeToThePlatform) {
  auto store = open_state_store(spec("stores/state.git"));
  ASSERT_TRUE(store.ok()) << store.error().render();
  EXPECT_NE(dynamic_cast<LocalGitRepo*>(store->get()), nullptr);
  EXPECT_EQ((*store)->describe(), (temp_.path() / "platform/stores/state.git").string() + " (branch main)");
}

TEST_F(StoreFactory, FileUrlsOpenTheExistingRepositoryLocallyUnlessPushIsAsked) {
  const auto repo = temp_.path() / "server.git";
  ASSERT_EQ(testing::run("git init -q --bare " + testing::shell_quote(repo.string())).exit_code, 0);
  auto local = open_state_store(spec("file://" + repo.string()));
  ASSERT_TRUE(local.ok()) << local.error().render();
  EXPECT_NE(dynamic_cast<LocalGitRepo*>(local->get()), nullptr);
  auto push_spec = spec("file://" + repo.string());
  push_spec.file_urls = FileUrlMode::kPush;
  auto pushed = open_state_store(push_spec);
  ASSERT_TRUE(pushed.ok()) << pushed.error().render();
  EXPECT_NE(dynamic_cast<RemoteGitRepo*>(pushed->get()), nullptr);
  EXPECT_EQ((*pushed)->describe(), "file://" + repo.string() + " (branch main)");
  EXPECT_EQ(error_of(spec("file:///nowhere/state.git")),
            "state store file:///nowhere/state.git: no repository at /nowhere/state.git");
}

TEST_F(StoreFactory, NetworkUrlsOpenRemoteGitRepoWithoutTouchingTheNetwork) {
  for (const std::string url : {"git://localhost:1/x.git", "https://u:pw@localhost:1/x.git",
                                "ssh://git@localhost:1/x.git", "git@localhost:x.git"}) {
    auto store = open_state_store(spec(url));
    ASSERT_TRUE(store.ok()) << url << ": " << store.error().render();
    EXPECT_NE(dynamic_cast<RemoteGitRepo*>(store->get()), nullptr) << url;
    EXPECT_EQ((*store)->describe().find("pw"), std::string::npos);
  }
  EXPECT_FALSE(std::filesystem::exists(temp_.path() / "cache"));
}

TEST_F(StoreFactory, RefusalsBeforeAnyNetworkUse) {
  EXPECT_EQ(
      error_of(spec("http://u:pw@localhost:1/x.git")),
      "refusing plain http:// for state store http://localhost:1/x.git: credentials and content would travel "
      "unencrypted; use https://, or set allow_insecure_http for this store");
  auto allowed = spec("http://localhost:1/x.git");
  allowed.allow_insecure_http = true;
  EXPECT_EQ(error_of(allowed), "no error");
  auto no_cache = spec("git://localhost:1/x.git");
  no_cache.cache_dir.clear();
  EXPECT_EQ(error_of(no_cache), "no cache directory set for state store git://localhost:1/x.git");
  auto bad_branch = spec("git://localhost:1/x.git");
  bad_branch.branch = "a..b";
  EXPECT_EQ(error_of(bad_branch), "invalid branch name \"a..b\" for state store git://localhost:1/x.git");
  auto missing_ca = spec("https://localhost:1/x.git");
  missing_ca.credentials.tls.ca_bundle = temp_.path() / "absent.pem";
  EXPECT_EQ(error_of(missing_ca), "cannot read CA bundle " + (temp_.path() / "absent.pem").string() +
                                      " of https://localhost:1/x.git");
  auto not_pem = spec("https://localhost:1/x.git");
  testing::write_file(temp_.path() / "not.pem", "hello");
  not_pem.credentials.tls.ca_bundle = temp_.path() / "not.pem";
  EXPECT_EQ(error_of(not_pem), "CA bundle " + (temp_.path() / "not.pem").string() +
                                   " of https://localhost:1/x.git holds no PEM certificate");
  EXPECT_EQ(error_of(spec("ftp://h/x.git")),
            "invalid state store URL \"ftp://h/x.git\": unsupported scheme \"ftp\" "
            "(use https://, ssh://, git://, file:// or a local path)");
}

TEST(TempFile, IsOwnerOnlyAndRemovedWhenDestroyed) {
  std::filesystem::path path;
  {
    auto file = TempFile::create("test", "secret");
    ASSERT_TRUE(file.ok()) << file.error().render();
    path = file->path();
    EXPECT_EQ(testing::read_file(path), "secret");
    struct stat info {};
    ASSERT_EQ(::stat(path.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    TempFile moved = std::move(file).value();
    EXPECT_TRUE(std::filesystem::exists(moved.path()));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace ferry::writer
