// How libgit2's transport failures read once ferry has explained them.
#include "writer/transport_errors.h"

#include <gtest/gtest.h>

namespace ferry::writer {
namespace {

std::string explain(const std::string& url_text, const std::string& message,
                    const std::string& callback = "") {
  auto url = parse_store_url(url_text, "/");
  EXPECT_TRUE(url.ok());
  return transport_error(*url, {"cannot push to", url->display + " (branch main)", message, callback})
      .render();
}

TEST(TransportErrors, AuthenticationReplaysBecomeAClearMessageWithoutThePassword) {
  EXPECT_EQ(explain("https://u:hunter2@host/x.git", "too many redirects or authentication replays"),
            "authentication failed for https://host/x.git: check the username and password/token");
  EXPECT_EQ(explain("ssh://git@host/x.git",
                    "Failed to authenticate SSH session: Unable to send userauth-publickey"),
            "authentication failed for ssh://git@host/x.git: check the user and the ssh key");
}

TEST(TransportErrors, UnreachableServers) {
  EXPECT_EQ(explain("git://localhost:9/x.git", "failed to connect to localhost: Connection refused"),
            "cannot reach git://localhost:9/x.git: connection refused");
  EXPECT_EQ(explain("https://nowhere.invalid/x.git",
                    "failed to resolve address for nowhere.invalid: Name or service not known"),
            "cannot reach https://nowhere.invalid/x.git: unknown host nowhere.invalid");
  EXPECT_EQ(explain("https://host/x.git", "failed to connect to host: Connection timed out"),
            "cannot reach https://host/x.git: connection timed out");
}

TEST(TransportErrors, LostConnectionsAndOtherMessagesNameTheStore) {
  EXPECT_EQ(explain("git://h/x.git", "early EOF"),
            "cannot push to git://h/x.git (branch main): the connection was lost (early EOF)");
  EXPECT_EQ(explain("git://h/x.git", "remote error: access denied or repository not exported: /x.git"),
            "cannot push to git://h/x.git (branch main): remote error: access denied or repository not "
            "exported: /x.git");
  EXPECT_EQ(explain("git://h/x.git", ""),
            "cannot push to git://h/x.git (branch main): unknown libgit2 error");
}

TEST(TransportErrors, LibgitMessagesAreRedacted) {
  EXPECT_EQ(explain("https://host/x.git", "unexpected http status code: 500 for https://u:secret@host/x.git"),
            "cannot push to https://host/x.git (branch main): unexpected http status code: 500 for "
            "https://host/x.git");
}

TEST(TransportErrors, ARefusalByFerrysOwnCallbackWins) {
  EXPECT_EQ(explain("https://host/x.git", "user rejected certificate for host",
                    "the TLS certificate ... (callback)"),
            "the TLS certificate ... (callback)");
}

}  // namespace
}  // namespace ferry::writer
