// BeastHttpClient against loopback sockets this test owns: a canned one-shot server, a listener that never
// answers, and a closed port; URL parsing. The real nginx over HTTPS is in https_nginx_test.cpp, the real
// Prometheus in tests/integration/prometheus_test.cpp.
#include "http/http_client.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

namespace ferry::http {
namespace {

using namespace std::chrono_literals;

// A listening loopback socket on a free port, closed on destruction.
class Listener {
 public:
  Listener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    EXPECT_EQ(::bind(fd_, reinterpret_cast<sockaddr*>(&address), size), 0);
    EXPECT_EQ(::listen(fd_, 4), 0);
    EXPECT_EQ(::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &size), 0);
    port_ = ntohs(address.sin_port);
  }
  ~Listener() { ::close(fd_); }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  std::string url(const std::string& target) const {
    return "http://127.0.0.1:" + std::to_string(port_) + target;
  }

  // Accepts one connection, reads the request head, answers `response`, closes; returns the request head.
  std::string serve_once(const std::string& response) const {
    const int connection = ::accept(fd_, nullptr, nullptr);
    std::string request;
    char buffer[4096];
    while (request.find("\r\n\r\n") == std::string::npos) {
      const ssize_t got = ::read(connection, buffer, sizeof buffer);
      if (got <= 0) break;
      request.append(buffer, static_cast<std::size_t>(got));
    }
    for (std::size_t sent = 0; sent < response.size();) {
      const ssize_t wrote = ::send(connection, response.data() + sent, response.size() - sent, MSG_NOSIGNAL);
      if (wrote <= 0) break;
      sent += static_cast<std::size_t>(wrote);
    }
    ::close(connection);
    return request;
  }

  // Accepts one connection and writes `text` at once, reading nothing (a TLS client waits for the server's
  // hello, so waiting for its request would wait for its timeout).
  void write_once(const std::string& text) const {
    const int connection = ::accept(fd_, nullptr, nullptr);
    (void)::send(connection, text.data(), text.size(), MSG_NOSIGNAL);
    ::shutdown(connection, SHUT_WR);
    char buffer[4096];
    while (::read(connection, buffer, sizeof buffer) > 0) {
    }
    ::close(connection);
  }

 private:
  int fd_ = -1;
  int port_ = 0;
};

TEST(BeastHttpClient, ReadsStatusAndBodyAndSendsAPlainGet) {
  Listener server;
  std::string request;
  std::thread serving([&] {
    request =
        server.serve_once("HTTP/1.1 418 I'm a teapot\r\nContent-Length: 5\r\nConnection: close\r\n\r\nshort");
  });
  BeastHttpClient client;
  auto response = client.get(server.url("/api/v1/query?query=up%7Bjob%3D%22a%22%7D"), HttpGet{.timeout = 5s});
  serving.join();
  ASSERT_TRUE(response.ok()) << response.error().render();
  EXPECT_EQ(response->status, 418);
  EXPECT_EQ(response->body, "short");
  EXPECT_TRUE(request.starts_with("GET /api/v1/query?query=up%7Bjob%3D%22a%22%7D HTTP/1.1\r\n")) << request;
  EXPECT_EQ(request.find("Authorization"), std::string::npos) << request;
}

TEST(BeastHttpClient, SendsTheAuthorizationHeaderVerbatim) {
  Listener server;
  std::string request;
  std::thread serving([&] { request = server.serve_once("HTTP/1.1 204 No Content\r\n\r\n"); });
  auto response =
      BeastHttpClient().get(server.url("/p"), HttpGet{.timeout = 5s, .authorization = "Bearer a b"});
  serving.join();
  ASSERT_TRUE(response.ok()) << response.error().render();
  EXPECT_NE(request.find("\r\nAuthorization: Bearer a b\r\n"), std::string::npos) << request;
}

// A caller's own cap, below the client's: what PromiseRelease asks for.
TEST(BeastHttpClient, RefusesABodyOverTheCallersCap) {
  Listener server;
  std::thread serving([&] { server.serve_once("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n0123456789a"); });
  auto response = BeastHttpClient().get(server.url("/"), HttpGet{.timeout = 5s, .max_body_bytes = 10});
  serving.join();
  ASSERT_FALSE(response.ok()) << response->body;
  EXPECT_EQ(response.error().render(),
            "GET " + server.url("/") + ": cannot read the answer: body limit exceeded");
}

// https:// to a server that answers in plain HTTP: the handshake fails, and says with whom.
TEST(BeastHttpClient, NamesAFailedTlsHandshake) {
  Listener server;
  std::thread serving([&] { server.write_once("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"); });
  std::string url = server.url("/");
  url.replace(0, 4, "https");
  const std::string host_port = url.substr(8, url.size() - 9);
  auto response = BeastHttpClient().get(url, HttpGet{.timeout = 5s});
  serving.join();
  ASSERT_FALSE(response.ok());
  EXPECT_TRUE(
      response.error().render().starts_with("GET " + url + ": TLS handshake with " + host_port + " failed"))
      << response.error().render();
}

TEST(BeastHttpClient, RefusesABodyOverTheCap) {
  Listener server;
  const std::string big(kMaxHttpBodyBytes + 1, 'x');
  std::thread serving([&] {
    server.serve_once("HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(big.size()) + "\r\n\r\n" + big);
  });
  auto response = BeastHttpClient().get(server.url("/"), HttpGet{.timeout = 5s});
  serving.join();
  ASSERT_FALSE(response.ok()) << response->status << " " << response->body.size();
  EXPECT_EQ(response.error().render(),
            "GET " + server.url("/") + ": cannot read the answer: body limit exceeded");
}

// The kernel completes the connection (backlog) but nobody ever answers: only the deadline ends it.
TEST(BeastHttpClient, GivesUpAtTheTimeout) {
  Listener silent;
  const auto start = std::chrono::steady_clock::now();
  auto response = BeastHttpClient().get(silent.url("/x"), HttpGet{.timeout = 300ms});
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(response.error().render(), "GET " + silent.url("/x") + ": no answer within 300 ms");
  EXPECT_GE(took, 300ms);
  EXPECT_LT(took, 5s);  // generous: the point is that it does end
}

TEST(BeastHttpClient, NamesAConnectionFailure) {
  std::string url;
  {
    Listener closed;  // a port that was free a moment ago and now has no listener
    url = closed.url("/");
  }
  auto response = BeastHttpClient().get(url, HttpGet{.timeout = 5s});
  ASSERT_FALSE(response.ok());
  EXPECT_EQ(response.error().render(), "GET " + url + ": cannot connect: Connection refused");
}

TEST(ParseHttpUrl, SplitsHostPortAndTarget) {
  struct Case {
    const char* url;
    const char* host;
    const char* port;
    const char* target;
  };
  const Case table[] = {
      {"http://localhost:9090", "localhost", "9090", "/"},
      {"http://prom.example/prometheus/api/v1/query?query=up", "prom.example", "80",
       "/prometheus/api/v1/query?query=up"},
      {"http://[::1]:9090/x", "::1", "9090", "/x"},
      {"http://10.0.0.1?query=up", "10.0.0.1", "80", "/?query=up"},
      {"https://raw.example/o/r/v1/promise.yaml", "raw.example", "443", "/o/r/v1/promise.yaml"},
      {"https://localhost:8443", "localhost", "8443", "/"},
  };
  for (const Case& c : table) {
    auto parts = parse_http_url(c.url);
    ASSERT_TRUE(parts.ok()) << c.url << ": " << parts.error().render();
    EXPECT_EQ(parts->host, c.host) << c.url;
    EXPECT_EQ(parts->port, c.port) << c.url;
    EXPECT_EQ(parts->target, c.target) << c.url;
    EXPECT_EQ(parts->tls, std::string(c.url).starts_with("https")) << c.url;
  }
}

TEST(ParseHttpUrl, RefusesWhatItCannotReach) {
  const std::pair<const char*, const char*> table[] = {
      {"ftp://prom", "ftp://prom: not an http:// or https:// URL"},
      {"https://user:pw@host/x",
       "https://user:pw@host/x: credentials in the URL are not supported; use an Authorization header"},
      {"http://:9090/", "http://:9090/: no host"},
      {"http://prom:http/", "http://prom:http/: the port must be a number"},
      {"http://[::1/", "http://[::1/: unclosed '[' in the host"},
      {"http://[::1]x/", "http://[::1]x/: unexpected text after the host"},
  };
  for (const auto& [url, error] : table) {
    auto parts = parse_http_url(url);
    ASSERT_FALSE(parts.ok()) << url;
    EXPECT_EQ(parts.error().render(), error);
  }
  EXPECT_EQ(BeastHttpClient().get("ftp://prom", HttpGet{.timeout = 1s}).error().render(),
            "ftp://prom: not an http:// or https:// URL");
}

TEST(UrlEncode, KeepsOnlyUnreservedCharacters) {
  EXPECT_EQ(url_encode("AZaz09-._~"), "AZaz09-._~");
  EXPECT_EQ(url_encode("sum(rate(x{job=\"a b\"}[5m])) / 2"),
            "sum%28rate%28x%7Bjob%3D%22a%20b%22%7D%5B5m%5D%29%29%20%2F%202");
  EXPECT_EQ(url_encode("é+&"), "%C3%A9%2B%26");
}

}  // namespace
}  // namespace ferry::http
