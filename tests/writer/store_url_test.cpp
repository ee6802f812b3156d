// Every URL form a state store accepts, what libgit2 gets, what messages show, and redaction.
#include "writer/store_url.h"

#include <gtest/gtest.h>

namespace ferry::writer {
namespace {

StoreUrl parsed(const std::string& url) {
  auto result = parse_store_url(url, "/platform");
  EXPECT_TRUE(result.ok()) << result.error().render();
  return result.ok() ? *result : StoreUrl{};
}

std::string error_of(const std::string& url) {
  auto result = parse_store_url(url, "/platform");
  return result.ok() ? "no error" : result.error().render();
}

TEST(StoreUrl, LocalPathsAreAbsoluteOrRelativeToThePlatformRoot) {
  EXPECT_EQ(parsed("/srv/state.git").transport, StoreTransport::kLocalPath);
  EXPECT_EQ(parsed("/srv/state.git").local_path, "/srv/state.git");
  EXPECT_EQ(parsed("stores/../stores/state.git").local_path, "/platform/stores/state.git");
  EXPECT_EQ(parsed("stores/state.git").display, "/platform/stores/state.git");
  EXPECT_EQ(parsed("stores/state.git").remote, "");
}

TEST(StoreUrl, FileUrls) {
  const auto url = parsed("file:///srv/state.git");
  EXPECT_EQ(url.transport, StoreTransport::kFile);
  EXPECT_EQ(url.local_path, "/srv/state.git");
  EXPECT_EQ(url.remote, "file:///srv/state.git");
  EXPECT_EQ(parsed("file://localhost/srv/state.git").local_path, "/srv/state.git");
  EXPECT_EQ(
      error_of("file://relative/state.git"),
      "invalid state store URL \"file://relative/state.git\": file:// needs an absolute path (file:///path)");
}

TEST(StoreUrl, GitDaemonUrls) {
  const auto url = parsed("git://example.com/state.git");
  EXPECT_EQ(url.transport, StoreTransport::kGit);
  EXPECT_EQ(url.host, "example.com");
  EXPECT_EQ(url.port, 9418);
  EXPECT_EQ(parsed("git://localhost:9419/x.git").port, 9419);
}

TEST(StoreUrl, HttpsUrlsLoseTheirCredentialsToTheCredentialFields) {
  const auto url = parsed("https://x-access-token:s3cr%40t@github.com/org/state.git");
  EXPECT_EQ(url.transport, StoreTransport::kHttps);
  EXPECT_EQ(url.remote, "https://github.com/org/state.git");
  EXPECT_EQ(url.display, "https://github.com/org/state.git");
  EXPECT_EQ(url.username, "x-access-token");
  EXPECT_EQ(url.password, "s3cr@t");
  EXPECT_EQ(url.host, "github.com");
  EXPECT_EQ(url.port, 443);
  EXPECT_EQ(parsed("https://tokenonly@host/x.git").remote, "https://host/x.git");
  EXPECT_EQ(parsed("https://[::1]:8443/x.git").host, "::1");
  EXPECT_EQ(parsed("https://[::1]:8443/x.git").port, 8443);
}

TEST(StoreUrl, PlainHttpIsClassifiedSeparately) {
  EXPECT_EQ(parsed("http://host/x.git").transport, StoreTransport::kHttp);
  EXPECT_EQ(parsed("http://host/x.git").port, 80);
}

TEST(StoreUrl, SshUrlsKeepTheirUser) {
  const auto url = parsed("ssh://git@example.com:2222/srv/state.git");
  EXPECT_EQ(url.transport, StoreTransport::kSsh);
  EXPECT_EQ(url.remote, "ssh://git@example.com:2222/srv/state.git");
  EXPECT_EQ(url.username, "git");
  EXPECT_EQ(url.port, 2222);
  EXPECT_EQ(parsed("ssh://git:pw@example.com/x.git").remote, "ssh://git@example.com/x.git");
  EXPECT_EQ(parsed("git+ssh://git@example.com/x.git").transport, StoreTransport::kSsh);
  EXPECT_EQ(parsed("ssh+git://example.com/x.git").port, 22);
}

TEST(StoreUrl, ScpLikeUrlsAreSsh) {
  const auto url = parsed("git@github.com:org/state.git");
  EXPECT_EQ(url.transport, StoreTransport::kSsh);
  EXPECT_EQ(url.remote, "git@github.com:org/state.git");
  EXPECT_EQ(url.username, "git");
  EXPECT_EQ(url.host, "github.com");
  EXPECT_EQ(url.port, 22);
  EXPECT_EQ(parsed("dir/user@host:path").transport, StoreTransport::kLocalPath);  // '/' before the ':'
  EXPECT_EQ(parsed("host:path").transport, StoreTransport::kLocalPath);           // scp-like needs a user
}

TEST(StoreUrl, Errors) {
  EXPECT_EQ(error_of(""), "invalid state store URL \"\": empty URL");
  EXPECT_EQ(error_of("ftp://u:pw@host/x.git"),
            "invalid state store URL \"ftp://host/x.git\": unsupported scheme \"ftp\" (use https://, ssh://, "
            "git://, file:// or a local path)");
  EXPECT_EQ(error_of("https:///x.git"), "invalid state store URL \"https:///x.git\": no host");
  EXPECT_EQ(error_of("https://host:99999/x.git"),
            "invalid state store URL \"https://host:99999/x.git\": invalid port \"99999\"");
  EXPECT_EQ(error_of("https://host:x/x.git"),
            "invalid state store URL \"https://host:x/x.git\": invalid port \"x\"");
  EXPECT_EQ(error_of("https://user:pw@host"), "invalid state store URL \"https://host\": no repository path");
  EXPECT_EQ(error_of("git://host/"), "invalid state store URL \"git://host/\": no repository path");
}

TEST(RedactUrl, RemovesCredentialsFromEveryUrlInATextAndNothingElse) {
  EXPECT_EQ(redact_url("https://user:pass@host/x.git"), "https://host/x.git");
  EXPECT_EQ(redact_url("https://token@host/x.git"), "https://host/x.git");
  EXPECT_EQ(redact_url("HTTP://user:pass@host:8080/x"), "HTTP://host:8080/x");
  EXPECT_EQ(redact_url("ssh://git:pw@host/x"), "ssh://git@host/x");
  EXPECT_EQ(redact_url("ssh://git@host/x"), "ssh://git@host/x");
  EXPECT_EQ(redact_url("failed for 'https://a:b@h/x' and 'git://c:d@h/y': no"),
            "failed for 'https://h/x' and 'git://h/y': no");
  EXPECT_EQ(redact_url("https://u:p/ss@host/x"), "https://host/x");  // an unencoded '/' in the password
  EXPECT_EQ(redact_url("https://host/scope/@pkg"), "https://host/scope/@pkg");  // '@' in the path
  EXPECT_EQ(redact_url("git@github.com:org/x.git and user:pw"), "git@github.com:org/x.git and user:pw");
  EXPECT_EQ(redact_url("https://user:pass@host"), "https://host");
  EXPECT_EQ(redact_url(""), "");
}

}  // namespace
}  // namespace ferry::writer
