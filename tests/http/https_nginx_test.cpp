// BeastHttpClient against a real nginx over HTTPS on loopback (tests/support/https_file_server.h): the
// certificate verified against the CA file it is given (and refused against another CA, or the system's
// alone), the host name checked, the Authorization header sent to a location that demands it.
#include <gtest/gtest.h>

#include "http/http_client.h"
#include "tests/support/https_file_server.h"

namespace ferry::http {
namespace {

using namespace std::chrono_literals;
using testing::HttpsFileServer;

TEST(HttpsNginx, FetchesAFileVerifiedAgainstTheGivenCa) {
  HttpsFileServer server;
  ASSERT_TRUE(server.started());
  server.put("promises/redis.yaml", "kind: Promise\n");
  auto response = BeastHttpClient({server.ca_file()}).get(server.url("promises/redis.yaml"), HttpGet{});
  ASSERT_TRUE(response.ok()) << response.error().render();
  EXPECT_EQ(response->status, 200);
  EXPECT_EQ(response->body, "kind: Promise\n");
  auto missing = BeastHttpClient({server.ca_file()}).get(server.url("promises/none.yaml"), HttpGet{});
  ASSERT_TRUE(missing.ok()) << missing.error().render();
  EXPECT_EQ(missing->status, 404);
}

TEST(HttpsNginx, SendsTheAuthorizationHeaderWhereItIsDemanded) {
  HttpsFileServer server;
  ASSERT_TRUE(server.started());
  server.put("private/p.yaml", "secret promise\n");
  BeastHttpClient client({server.ca_file()});
  auto without = client.get(server.url("private/p.yaml"), HttpGet{});
  ASSERT_TRUE(without.ok()) << without.error().render();
  EXPECT_EQ(without->status, 401);
  auto wrong = client.get(server.url("private/p.yaml"), HttpGet{.authorization = "Bearer wrong"});
  ASSERT_TRUE(wrong.ok()) << wrong.error().render();
  EXPECT_EQ(wrong->status, 401);
  auto with =
      client.get(server.url("private/p.yaml"), HttpGet{.authorization = HttpsFileServer::kAuthorization});
  ASSERT_TRUE(with.ok()) << with.error().render();
  EXPECT_EQ(with->status, 200);
  EXPECT_EQ(with->body, "secret promise\n");
}

TEST(HttpsNginx, RefusesACertificateOfAnotherCa) {
  HttpsFileServer server;
  ASSERT_TRUE(server.started());
  server.put("p.yaml", "x");
  const std::string url = server.url("p.yaml");
  const std::string refused = "GET " + url +
                              ": TLS handshake with localhost:" + std::to_string(server.port()) +
                              " failed (unable to get local issuer certificate): ";
  for (const TlsTrust& trust : {TlsTrust{server.other_ca_file()}, TlsTrust{}}) {
    auto response = BeastHttpClient(trust).get(url, HttpGet{.timeout = 5s});
    ASSERT_FALSE(response.ok()) << response->status;
    EXPECT_TRUE(response.error().render().starts_with(refused)) << response.error().render();
  }
}

// The certificate names localhost, not 127.0.0.1: the same server by its address is refused.
TEST(HttpsNginx, RefusesACertificateForAnotherHostName) {
  HttpsFileServer server;
  ASSERT_TRUE(server.started());
  server.put("p.yaml", "x");
  const std::string url = "https://127.0.0.1:" + std::to_string(server.port()) + "/p.yaml";
  auto response = BeastHttpClient({server.ca_file()}).get(url, HttpGet{.timeout = 5s});
  ASSERT_FALSE(response.ok()) << response->status;
  EXPECT_TRUE(response.error().render().starts_with(
      "GET " + url + ": TLS handshake with 127.0.0.1:" + std::to_string(server.port()) +
      " failed (IP address mismatch): "))
      << response.error().render();
}

TEST(HttpsNginx, NamesACaFileThatCannotBeRead) {
  auto response = BeastHttpClient({"/nonexistent/ca.pem"}).get("https://localhost:1/x", HttpGet{});
  ASSERT_FALSE(response.ok());
  EXPECT_TRUE(response.error().render().starts_with("cannot read the CA file /nonexistent/ca.pem: "))
      << response.error().render();
}

}  // namespace
}  // namespace ferry::http
