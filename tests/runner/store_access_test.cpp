// From a GitStateStore to the writer's StoreSpec: credentials from the local secret sources, command line
// options, and the opener's located errors. The writer itself is faked by a SpecOpener that records.
#include <gtest/gtest.h>

#include "pipeline/secrets.h"
#include "platform/store_access.h"
#include "run/reconcile.h"
#include "runner/command_support.h"
#include "tests/support/recording_state_store.h"
#include "tests/support/test_support.h"

namespace ferry::runner {
namespace {

using ferry::testing::TempDir;
using ferry::testing::write_file;

GitStateStore store_with(const std::string& url, StoreAuthMethod method = StoreAuthMethod::basic_auth) {
  GitStateStore store;
  store.name = "state";
  store.url = url;
  store.branch = "live";
  store.auth_method = method;
  store.secret_ref = StoreSecretRef{"git-creds", "default", SourceLocation{"stores.yaml", 9, 14}};
  store.url_where = SourceLocation{"stores.yaml", 6, 8};
  return store;
}

class StoreAccessTest : public ::testing::Test {
 protected:
  StoreAccess access() const {
    StoreAccess a;
    a.platform_root = dir.path() / "platform";
    a.cache_dir = dir.path() / "cache";
    a.ca_bundle = "/etc/ca.pem";
    a.allow_insecure_http = true;
    a.secrets = &secrets;
    return a;
  }
  void secret(const std::string& key, const std::string& value) {
    write_file(dir.path() / "secrets/git-creds" / key, value);
  }

  TempDir dir;
  pipeline::DirectorySecretSource secrets{dir.path() / "secrets", ""};
};

TEST_F(StoreAccessTest, BasicAuthFromTheSecretsDirectoryAndTheOptions) {
  secret("username", "robot");
  secret("password", "tok-123");
  auto spec = store_spec_of(store_with("https://git.example.com/s.git"), access());
  ASSERT_TRUE(spec.ok()) << spec.error().render();
  EXPECT_EQ(spec->url, "https://git.example.com/s.git");
  EXPECT_EQ(spec->branch, "live");
  EXPECT_EQ(spec->cache_dir, dir.path() / "cache");
  EXPECT_EQ(spec->platform_root, dir.path() / "platform");
  EXPECT_TRUE(spec->allow_insecure_http);
  EXPECT_EQ(spec->credentials.tls.ca_bundle, "/etc/ca.pem");
  ASSERT_TRUE(spec->credentials.basic.has_value());
  EXPECT_EQ(spec->credentials.basic->username, "robot");
  EXPECT_EQ(spec->credentials.basic->password, "tok-123");
  EXPECT_FALSE(spec->credentials.ssh.has_value());
}

TEST_F(StoreAccessTest, GithubUsernameDefaultsToAccessToken) {
  secret("password", "ghs_x");
  auto spec = store_spec_of(store_with("https://github.com/org/s.git"), access());
  ASSERT_TRUE(spec.ok()) << spec.error().render();
  EXPECT_EQ(spec->credentials.basic->username, "x-access-token");
}

TEST_F(StoreAccessTest, BasicAuthFromEnvironmentVariables) {
  const pipeline::EnvironmentSecretSource environment(
      [](const std::string& name) -> std::optional<std::string> {
        if (name == "FERRY_SECRET_GIT_CREDS_PASSWORD") return "from-env";
        return std::nullopt;
      });
  StoreAccess a = access();
  a.secrets = &environment;
  auto spec = store_spec_of(store_with("https://h/s.git"), a);
  ASSERT_TRUE(spec.ok()) << spec.error().render();
  EXPECT_EQ(spec->credentials.basic->username, "");
  EXPECT_EQ(spec->credentials.basic->password, "from-env");
}

TEST_F(StoreAccessTest, MissingPasswordIsLocatedAtSecretRefAndSaysHowToProvideIt) {
  auto spec = store_spec_of(store_with("https://h/s.git"), access());
  ASSERT_FALSE(spec.ok());
  EXPECT_EQ(spec.error().render(),
            "stores.yaml:9:14: GitStateStore \"state\": secret \"git-creds\" has no key "
            "\"password\" available to ferry: create " +
                (dir.path() / "secrets/git-creds/password").string());
}

TEST_F(StoreAccessTest, SshKeysAreBothRequired) {
  secret("sshPrivateKey", "-----BEGIN OPENSSH PRIVATE KEY-----\n");
  auto missing = store_spec_of(store_with("git@h:s.git", StoreAuthMethod::ssh), access());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().render(),
            "stores.yaml:9:14: GitStateStore \"state\": secret \"git-creds\" has no key "
            "\"knownHosts\" available to ferry: create " +
                (dir.path() / "secrets/git-creds/knownHosts").string());
  secret("knownHosts", "h ssh-ed25519 AAAA\n");
  auto spec = store_spec_of(store_with("git@h:s.git", StoreAuthMethod::ssh), access());
  ASSERT_TRUE(spec.ok()) << spec.error().render();
  ASSERT_TRUE(spec->credentials.ssh.has_value());
  EXPECT_EQ(spec->credentials.ssh->private_key, "-----BEGIN OPENSSH PRIVATE KEY-----\n");
  EXPECT_EQ(spec->credentials.ssh->known_hosts, "h ssh-ed25519 AAAA\n");
  EXPECT_TRUE(spec->credentials.ssh->strict_host_key_checking);
  EXPECT_FALSE(spec->credentials.basic.has_value());
}

TEST_F(StoreAccessTest, NoSecretRefMeansNoCredentialsAndNoSecretRead) {
  GitStateStore store = store_with("state.git");
  store.secret_ref.reset();
  StoreAccess a = access();
  a.secrets = nullptr;
  auto spec = store_spec_of(store, a);
  ASSERT_TRUE(spec.ok()) << spec.error().render();
  EXPECT_FALSE(spec->credentials.basic.has_value());
  EXPECT_FALSE(spec->credentials.ssh.has_value());
}

TEST_F(StoreAccessTest, OpenerHandsTheSpecToTheWriterAndLocatesItsErrors) {
  secret("password", "tok-123");
  std::vector<writer::StoreSpec> seen;
  StoreOpener opener = state_store_opener(
      access(), [&](const writer::StoreSpec& spec) -> Result<std::unique_ptr<writer::StateStore>> {
        seen.push_back(spec);
        if (spec.url.starts_with("http://"))
          return make_error("refusing plain http:// for state store http://h/s.git");
        return std::unique_ptr<writer::StateStore>(std::make_unique<writer::RecordingStateStore>());
      });
  ASSERT_TRUE(opener(store_with("https://h/s.git")).ok());
  auto refused = opener(store_with("http://h/s.git"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(
      refused.error().render(),
      "stores.yaml:6:8: GitStateStore \"state\": refusing plain http:// for state store http://h/s.git");
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].credentials.basic->password, "tok-123");
}

TEST_F(StoreAccessTest, RealWriterRefusesAFileUrlWithoutRepository) {
  GitStateStore store = store_with("file:///nonexistent/ferry/state.git");
  store.secret_ref.reset();
  auto opened = state_store_opener(access())(store);
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.error().render(),
            "stores.yaml:6:8: GitStateStore \"state\": state store "
            "file:///nonexistent/ferry/state.git: no repository at "
            "/nonexistent/ferry/state.git");
}

TEST(StoreCacheDir, XdgThenHomeThenTemp) {
  using Env = std::map<std::string, std::string>;
  auto with = [](Env env) {
    return default_store_cache_dir([env](const char* name) -> std::optional<std::string> {
      auto found = env.find(name);
      return found == env.end() ? std::nullopt : std::optional<std::string>(found->second);
    });
  };
  EXPECT_EQ(with({{"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}}), "/x/ferry/stores");
  EXPECT_EQ(with({{"HOME", "/h"}}), "/h/.cache/ferry/stores");
  EXPECT_EQ(with({}), std::filesystem::temp_directory_path() / "ferry-stores");
}

}  // namespace
}  // namespace ferry::runner
