// Refusals against real servers: wrong passwords, untrusted certificates, unknown and changed ssh host
// keys. Each message is pinned, and none may contain a secret.
#include <gtest/gtest.h>

#include "tests/writer/remote_server_fixture.h"

namespace ferry::writer::testing_remote {
namespace {

using Auth = RemoteServerTest;

std::string apply_error(StateStore& store) {
  auto outcome = store.apply(change_of({{"d", {{"a", "1"}}}}));
  return outcome.ok() ? "no error" : outcome.error().render();
}

TEST_F(Auth, WrongHttpsPasswordIsAClearMessageWithoutThePassword) {
  const auto server = make_repo(Server::kHttps);
  auto spec = this->spec(url(Server::kHttps));
  spec.credentials = https_credentials();
  spec.credentials.basic->password = "not-the-password-42";
  auto store = open(spec);
  ASSERT_TRUE(store);
  const std::string error = apply_error(*store);
  EXPECT_EQ(error,
            "authentication failed for " + url(Server::kHttps) + ": check the username and password/token");
  EXPECT_EQ(error.find("not-the-password-42"), std::string::npos);
  EXPECT_EQ(testing::git(server, "rev-list --all --count"), "0");
}

TEST_F(Auth, WrongPasswordInTheUrlIsRedacted) {
  make_repo(Server::kHttps);
  auto spec = this->spec("https://ferry:not-the-password-42@" + url(Server::kHttps).substr(8));
  spec.credentials.tls.ca_bundle = servers().at("FERRY_CA_BUNDLE");
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(apply_error(*store),
            "authentication failed for " + url(Server::kHttps) + ": check the username and password/token");
  EXPECT_EQ(files_containing(temp_.path() / "cache", "not-the-password-42").size(), 0u);
}

TEST_F(Auth, MissingHttpsCredentialsAreNamed) {
  make_repo(Server::kHttps);
  auto spec = this->spec(url(Server::kHttps));
  spec.credentials.tls.ca_bundle = servers().at("FERRY_CA_BUNDLE");
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(apply_error(*store), "authentication required for " + url(Server::kHttps) +
                                     ": no username and password/token configured for this store");
}

TEST_F(Auth, CertificateFromAnUntrustedCaIsRefused) {
  make_repo(Server::kHttps);
  const std::string untrusted =
      servers().at("FERRY_HTTPS_UNTRUSTED_URL") + "/CertificateFromAnUntrustedCaIsRefused.git";
  auto spec = this->spec(untrusted);
  spec.credentials = https_credentials();
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(apply_error(*store),
            "the TLS certificate of localhost is not trusted for " + untrusted +
                ": configure the CA bundle that signed it, or fix the server's certificate (it "
                "must be valid for localhost)");
  spec.credentials.tls.verify = false;  // the explicit opt-out
  auto unverified = open(spec);
  ASSERT_TRUE(unverified);
  EXPECT_EQ(apply_error(*unverified).find("no error"), 0u);
}

TEST_F(Auth, CertificateForAnotherHostNameIsRefused) {
  make_repo(Server::kHttps);
  const std::string by_address =
      "https://127.0.0.1:" + servers().at("FERRY_HTTPS_PORT") + "/CertificateForAnotherHostNameIsRefused.git";
  auto spec = this->spec(by_address);
  spec.credentials = https_credentials();
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(apply_error(*store),
            "the TLS certificate of 127.0.0.1 is not trusted for " + by_address +
                ": configure the CA bundle that signed it, or fix the server's certificate (it "
                "must be valid for 127.0.0.1)");
}

TEST_F(Auth, UnknownSshHostIsRefusedUnderStrictChecking) {
  const auto server = make_repo(Server::kSsh);
  auto spec = this->spec(url(Server::kSsh));
  spec.credentials = ssh_credentials();
  spec.credentials.ssh->known_hosts =
      "otherhost " +
      servers().at("FERRY_SSH_KNOWN_HOSTS").substr(servers().at("FERRY_SSH_KNOWN_HOSTS").find(' ') + 1);
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(apply_error(*store),
            "unknown ssh host [localhost]:" + servers().at("FERRY_SSH_PORT") + " for " + url(Server::kSsh) +
                ": its ssh-ed25519 key is not in the store's known_hosts (strict host key "
                "checking is on)");
  spec.credentials.ssh->strict_host_key_checking = false;
  auto lenient = open(spec);
  ASSERT_TRUE(lenient);
  EXPECT_EQ(apply_error(*lenient), "no error");
  EXPECT_EQ(testing::git(server, "rev-list --count main"), "1");
}

TEST_F(Auth, ChangedSshHostKeyIsAlwaysRefused) {
  make_repo(Server::kSsh);
  auto spec = this->spec(url(Server::kSsh));
  spec.credentials = ssh_credentials();
  const std::string other_key = testing::read_file(servers().at("FERRY_SSH_CLIENT_KEY") + ".pub");
  spec.credentials.ssh->known_hosts = "[localhost]:" + servers().at("FERRY_SSH_PORT") + " " + other_key;
  spec.credentials.ssh->strict_host_key_checking = false;
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(apply_error(*store), "the ssh host key of [localhost]:" + servers().at("FERRY_SSH_PORT") +
                                     " does not match the store's known_hosts for " + url(Server::kSsh) +
                                     ": refusing to connect");
}

TEST_F(Auth, SshKeyTheServerDoesNotKnowIsAClearMessage) {
  make_repo(Server::kSsh);
  const auto key = temp_.path() / "stranger";
  ASSERT_EQ(testing::run("ssh-keygen -q -t ed25519 -N '' -f " + testing::shell_quote(key.string())).exit_code,
            0);
  auto spec = this->spec(url(Server::kSsh));
  spec.credentials = ssh_credentials();
  spec.credentials.ssh->private_key = testing::read_file(key);
  auto store = open(spec);
  ASSERT_TRUE(store);
  EXPECT_EQ(apply_error(*store),
            "authentication failed for " + url(Server::kSsh) + ": check the user and the ssh key");
}

}  // namespace
}  // namespace ferry::writer::testing_remote
