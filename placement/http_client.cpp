// BeastHttpClient: one asynchronous exchange on a private io_context, with a deadline timer that cancels
// whatever is in flight, so no step (not even name resolution) can outlast the timeout. The socket, the
// resolver and the timer are members of Exchange and close with it.
#include "placement/http_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

namespace ferry::runner {

namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using ErrorCode = boost::system::error_code;

class Exchange {
 public:
  Exchange(const std::string& url, const HttpUrl& parts, std::chrono::milliseconds timeout)
      : url_(url), parts_(parts), timeout_(timeout), resolver_(io_), socket_(io_), timer_(io_) {}

  Result<HttpResponse> run() {
    request_ = http::request<http::empty_body>(http::verb::get, parts_.target, 11);
    request_.set(http::field::host, parts_.host + ":" + parts_.port);
    request_.set(http::field::user_agent, "ferry");
    request_.set(http::field::accept, "application/json");
    request_.set(http::field::connection, "close");
    parser_.body_limit(kMaxHttpBodyBytes);
    timer_.expires_after(timeout_);
    timer_.async_wait([this](ErrorCode ec) {
      if (!ec) on_deadline();
    });
    resolver_.async_resolve(
        parts_.host, parts_.port,
        [this](ErrorCode ec, const tcp::resolver::results_type& found) { on_resolved(ec, found); });
    io_.run();
    if (timed_out_) {
      return make_error("GET " + url_ + ": no answer within " + std::to_string(timeout_.count()) + " ms");
    }
    if (!failure_.empty()) return make_error("GET " + url_ + ": " + failure_);
    return HttpResponse{static_cast<int>(parser_.get().result_int()), std::move(parser_.get().body())};
  }

 private:
  void on_deadline() {
    timed_out_ = true;
    resolver_.cancel();
    ErrorCode ignored;
    socket_.close(ignored);
  }

  // Records the first failure and stops the deadline; true when `ec` is a failure.
  bool failed(ErrorCode ec, const std::string& step) {
    if (!ec) return false;
    if (failure_.empty()) failure_ = step + ": " + ec.message();
    timer_.cancel();
    return true;
  }

  void on_resolved(ErrorCode ec, const tcp::resolver::results_type& found) {
    if (failed(ec, "cannot resolve " + parts_.host)) return;
    asio::async_connect(socket_, found, [this](ErrorCode connect_ec, const tcp::endpoint&) {
      if (failed(connect_ec, "cannot connect")) return;
      http::async_write(socket_, request_, [this](ErrorCode write_ec, std::size_t) {
        if (failed(write_ec, "cannot send the request")) return;
        http::async_read_header(socket_, buffer_, parser_, [this](ErrorCode header_ec, std::size_t) {
          if (failed(header_ec, "cannot read the answer")) return;
          read_body();
        });
      });
    });
  }

  // Beast 1.74 does not always apply body_limit to a Content-Length that is over it (when the body's
  // first bytes come with the header), so the header is read first and its length checked here.
  void read_body() {
    const auto length = parser_.content_length();
    if (length && *length > kMaxHttpBodyBytes && failed(http::error::body_limit, "cannot read the answer")) {
      return;
    }
    http::async_read(socket_, buffer_, parser_, [this](ErrorCode read_ec, std::size_t) {
      if (failed(read_ec, "cannot read the answer")) return;
      timer_.cancel();
    });
  }

  const std::string& url_;
  const HttpUrl& parts_;
  const std::chrono::milliseconds timeout_;
  asio::io_context io_;
  tcp::resolver resolver_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  http::request<http::empty_body> request_;
  boost::beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
  bool timed_out_ = false;
  std::string failure_;
};

bool is_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

Result<HttpUrl> parse_http_url(const std::string& url) {
  const std::string scheme = "http://";
  if (url.starts_with("https://")) return make_error(url + ": https is not supported yet; use http://");
  if (!url.starts_with(scheme)) return make_error(url + ": not an http:// URL");
  const std::size_t authority_end = url.find_first_of("/?", scheme.size());
  const std::string authority = url.substr(scheme.size(), authority_end - scheme.size());
  HttpUrl parts;
  parts.target = authority_end == std::string::npos ? "/" : url.substr(authority_end);
  if (parts.target.front() == '?') parts.target.insert(0, "/");
  const bool bracketed = authority.starts_with('[');  // an IPv6 literal: [::1]:9090
  const std::size_t host_end = bracketed ? authority.find(']') : authority.find(':');
  if (bracketed && host_end == std::string::npos) return make_error(url + ": unclosed '[' in the host");
  parts.host = bracketed ? authority.substr(1, host_end - 1) : authority.substr(0, host_end);
  const std::size_t colon = bracketed ? host_end + 1 : host_end;
  parts.port = colon < authority.size() && authority[colon] == ':' ? authority.substr(colon + 1) : "80";
  if (bracketed && colon < authority.size() && authority[colon] != ':') {
    return make_error(url + ": unexpected text after the host");
  }
  if (parts.host.empty()) return make_error(url + ": no host");
  if (!is_digits(parts.port)) return make_error(url + ": the port must be a number");
  return parts;
}

std::string url_encode(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unreserved = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
                            (byte >= '0' && byte <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved) {
      encoded += c;
    } else {
      encoded += {'%', kHex[byte >> 4], kHex[byte & 0xF]};
    }
  }
  return encoded;
}

Result<HttpResponse> BeastHttpClient::get(const std::string& url, std::chrono::milliseconds timeout) {
  auto parts = parse_http_url(url);
  if (!parts) return parts.error();
  return Exchange(url, *parts, timeout).run();
}

}  // namespace ferry::runner
