// HTTP GET behind a one-method interface, so metric providers are unit-tested with a recording fake
// (tests/support/recording_http_client.h) and the real client is tested against a real Prometheus
// (tests/integration/prometheus_test.cpp).
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "core/error.h"

namespace ferry::runner {

struct HttpResponse {
  int status = 0;  // 200, 404, ...
  std::string body;
};

class HttpClient {
 public:
  virtual ~HttpClient() = default;
  // GETs `url`. Any HTTP status is a response; an Error means there was none (bad URL, cannot resolve or
  // connect, no complete answer within `timeout`, a body over the size cap). Errors name the URL.
  virtual Result<HttpResponse> get(const std::string& url, std::chrono::milliseconds timeout) = 0;
};

// Plain http:// over Boost.Beast, one connection per request. `timeout` bounds the whole exchange:
// resolving, connecting, sending and receiving. https:// is refused (not supported yet).
class BeastHttpClient final : public HttpClient {
 public:
  Result<HttpResponse> get(const std::string& url, std::chrono::milliseconds timeout) override;
};

// The largest body BeastHttpClient accepts.
inline constexpr std::size_t kMaxHttpBodyBytes = 8 << 20;

// http://host[:port][/path][?query] split for a request. Port defaults to 80, target to "/".
struct HttpUrl {
  std::string host;
  std::string port;
  std::string target;
};
Result<HttpUrl> parse_http_url(const std::string& url);

// Percent-encodes everything but RFC 3986's unreserved characters (A-Z a-z 0-9 - . _ ~): for query values.
std::string url_encode(std::string_view text);

}  // namespace ferry::runner
