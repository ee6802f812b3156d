// HTTP(S) GET behind a one-method interface, so its callers (metric providers, PromiseRelease fetches) are
// unit-tested with a recording fake (tests/support/recording_http_client.h) and the real client is tested
// against loopback sockets, a real Prometheus (tests/integration/prometheus_test.cpp) and a real nginx over
// HTTPS (tests/http/https_nginx_test.cpp).
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"

namespace ferry::http {

struct HttpResponse {
  int status = 0;  // 200, 404, ...
  std::string body;
};

// The largest body a GET accepts unless it asks for less.
inline constexpr std::size_t kMaxHttpBodyBytes = 8 << 20;

// One GET's limits and its optional Authorization header.
struct HttpGet {
  std::chrono::milliseconds timeout{10'000};  // the whole exchange: resolve, connect, TLS, send, receive
  std::optional<std::string> authorization;   // sent verbatim as the Authorization header; never logged
  std::size_t max_body_bytes = kMaxHttpBodyBytes;
};

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  // GETs `url`. Any HTTP status is a response; an Error means there was none (bad URL, cannot resolve or
  // connect, a certificate that does not verify, no complete answer within the timeout, a body over the
  // cap). Errors name the URL, never the Authorization value.
  virtual Result<HttpResponse> get(const std::string& url, const HttpGet& request) = 0;
};

// What https:// trusts: the system's CA store (OpenSSL's default paths, which SSL_CERT_FILE and SSL_CERT_DIR
// override) plus, when set, the PEM file `extra_ca_file`. The server's certificate chain and its host name
// are always verified; there is no switch to turn that off.
struct TlsTrust {
  std::filesystem::path extra_ca_file;
};

// http:// and https:// over Boost.Beast (OpenSSL for TLS, with SNI), one connection per request.
class BeastHttpClient final : public HttpClient {
 public:
  explicit BeastHttpClient(TlsTrust trust = {}) : trust_(std::move(trust)) {}
  Result<HttpResponse> get(const std::string& url, const HttpGet& request) override;

 private:
  TlsTrust trust_;
};

// http[s]://host[:port][/path][?query] split for a request. Port defaults to 80 (443 for https), target
// to "/".
struct HttpUrl {
  bool tls = false;
  std::string host;
  std::string port;
  std::string target;
};
Result<HttpUrl> parse_http_url(const std::string& url);

// Percent-encodes everything but RFC 3986's unreserved characters (A-Z a-z 0-9 - . _ ~): for query values.
std::string url_encode(std::string_view text);

}  // namespace ferry::http
