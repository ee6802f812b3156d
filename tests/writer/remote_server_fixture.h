// The fixture of the tests against real servers (git_servers.h): a fresh server-side repository per test,
// store specs with a cache in the test's temporary directory, and the servers' credentials.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "tests/support/test_support.h"
#include "tests/writer/git_servers.h"
#include "tests/writer/remote_store_support.h"
#include "writer/store_factory.h"

namespace ferry::writer::testing_remote {

enum class Server { kGitDaemon, kHttps, kHttp, kSsh };

class RemoteServerTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(servers().started) << servers().failure; }

  static const GitServers& servers() { return git_servers(); }

  // A new empty bare repository on `server`, named after the running test; its path on disk.
  std::filesystem::path make_repo(Server server, const std::string& suffix = "") {
    name_ = std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + suffix + ".git";
    const auto path = std::filesystem::path(servers().at(root_key(server))) / name_;
    make_server_repo(path);
    return path;
  }
  // The URL of the repository make_repo made last.
  std::string url(Server server) const {
    switch (server) {
      case Server::kGitDaemon:
        return servers().at("FERRY_GIT_DAEMON_URL") + "/" + name_;
      case Server::kHttps:
        return servers().at("FERRY_HTTPS_URL") + "/" + name_;
      case Server::kHttp:
        return servers().at("FERRY_HTTP_URL") + "/" + name_;
      case Server::kSsh:
        return servers().at("FERRY_SSH_URL") + servers().at("FERRY_SSH_ROOT") + "/" + name_;
    }
    return "";
  }
  StoreSpec spec(const std::string& url, const std::string& cache = "cache") const {
    StoreSpec spec;
    spec.url = url;
    spec.cache_dir = temp_.path() / cache;
    spec.retry.seed = 11;
    return spec;
  }
  static Credentials https_credentials() {
    Credentials credentials;
    credentials.basic = BasicAuth{servers().at("FERRY_HTTP_USER"), servers().at("FERRY_HTTP_PASSWORD")};
    credentials.tls.ca_bundle = servers().at("FERRY_CA_BUNDLE");
    return credentials;
  }
  static Credentials ssh_credentials() {
    Credentials credentials;
    credentials.ssh = SshAuth{};
    credentials.ssh->private_key = ferry::testing::read_file(servers().at("FERRY_SSH_CLIENT_KEY"));
    credentials.ssh->known_hosts = servers().at("FERRY_SSH_KNOWN_HOSTS") + "\n";
    return credentials;
  }
  static std::unique_ptr<StateStore> open(const StoreSpec& spec) {
    auto store = open_state_store(spec);
    EXPECT_TRUE(store.ok()) << store.error().render();
    return store.ok() ? std::move(store).value() : nullptr;
  }

  ferry::testing::TempDir temp_;

 private:
  static std::string root_key(Server server) {
    switch (server) {
      case Server::kGitDaemon:
        return "FERRY_GIT_DAEMON_ROOT";
      case Server::kSsh:
        return "FERRY_SSH_ROOT";
      default:
        return "FERRY_HTTP_ROOT";
    }
  }
  std::string name_;
};

}  // namespace ferry::writer::testing_remote
