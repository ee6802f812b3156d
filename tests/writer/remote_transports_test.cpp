// One add, one change and one no-op through every transport against a real server, checked with the git
// CLI on the server's bare repository.
#include <gtest/gtest.h>

#include "tests/writer/remote_server_fixture.h"
#include "writer/remote_git_repo.h"

namespace ferry::writer::testing_remote {
namespace {

using Transports = RemoteServerTest;

TEST_F(Transports, GitDaemon) {
  const auto server = make_repo(Server::kGitDaemon);
  auto store = open(spec(url(Server::kGitDaemon)));
  ASSERT_TRUE(store);
  EXPECT_EQ(store->describe(), url(Server::kGitDaemon) + " (branch main)");
  expect_add_change_noop(*store, server);
}

TEST_F(Transports, HttpsWithBasicAuthAndCaBundle) {
  const auto server = make_repo(Server::kHttps);
  auto spec = this->spec(url(Server::kHttps));
  spec.credentials = https_credentials();
  auto store = open(spec);
  ASSERT_TRUE(store);
  expect_add_change_noop(*store, server);
}

TEST_F(Transports, HttpsWithCredentialsInTheUrl) {
  const auto server = make_repo(Server::kHttps);
  const std::string plain = url(Server::kHttps);
  auto spec = this->spec("https://" + servers().at("FERRY_HTTP_USER") + ":" +
                         servers().at("FERRY_HTTP_PASSWORD") + "@" + plain.substr(8));
  spec.credentials.tls.ca_bundle = servers().at("FERRY_CA_BUNDLE");
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(store->describe(), plain + " (branch main)");
  expect_add_change_noop(*store, server);
  EXPECT_EQ(files_containing(temp_.path() / "cache", servers().at("FERRY_HTTP_PASSWORD")).size(), 0u);
}

TEST_F(Transports, SshWithKeyInMemoryAndKnownHosts) {
  const auto server = make_repo(Server::kSsh);
  auto spec = this->spec(url(Server::kSsh));
  spec.credentials = ssh_credentials();
  auto store = open(spec);
  ASSERT_TRUE(store);
  expect_add_change_noop(*store, server);
}

TEST_F(Transports, SshWithKeyFile) {
  const auto server = make_repo(Server::kSsh);
  auto spec = this->spec(url(Server::kSsh));
  spec.credentials = ssh_credentials();
  spec.credentials.ssh->private_key.clear();
  spec.credentials.ssh->private_key_file = servers().at("FERRY_SSH_CLIENT_KEY");
  auto store = open(spec);
  ASSERT_TRUE(store);
  expect_add_change_noop(*store, server);
}

TEST_F(Transports, PlainHttpIsRefusedUnlessAllowed) {
  const auto server = make_repo(Server::kHttp);
  auto spec = this->spec(url(Server::kHttp));
  spec.credentials = https_credentials();
  auto refused = open_state_store(spec);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(
      refused.error().render(),
      "refusing plain http:// for state store " + url(Server::kHttp) +
          ": credentials and content would travel unencrypted; use https://, or set allow_insecure_http for "
          "this store");
  spec.allow_insecure_http = true;
  auto store = open(spec);
  ASSERT_TRUE(store);
  expect_add_change_noop(*store, server);
}

TEST_F(Transports, FileUrlThroughThePushPath) {
  const auto server = make_repo(Server::kGitDaemon);
  auto spec = this->spec("file://" + server.string());
  spec.file_urls = FileUrlMode::kPush;
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_NE(dynamic_cast<RemoteGitRepo*>(store.get()), nullptr);
  expect_add_change_noop(*store, server);
}

}  // namespace
}  // namespace ferry::writer::testing_remote
