// BeastHttpClient: one asynchronous exchange on a private io_context, with a deadline timer that cancels
// whatever is in flight, so no step (not even name resolution or the TLS handshake) can outlast the
// timeout. The stream (a TCP socket, or OpenSSL's TLS stream over one), the resolver and the timer are
// members of Exchange and close with it.
#include "http/http_client.h"

#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <type_traits>

namespace ferry::http {

namespace {

namespace asio = boost::asio;
namespace ssl = boost::asio::ssl;
namespace beast_http = boost::beast::http;
using tcp = asio::ip::tcp;
using ErrorCode = boost::system::error_code;
using TlsStream = ssl::stream<tcp::socket>;

template <class Stream>
class Exchange {
 public:
  static constexpr bool kTls = std::is_same_v<Stream, TlsStream>;

  template <class... StreamArgs>
  Exchange(const std::string& url, const HttpUrl& parts, const HttpGet& get, StreamArgs&... stream_args)
      : url_(url), parts_(parts), get_(get), resolver_(io_), stream_(io_, stream_args...), timer_(io_) {}

  Result<HttpResponse> run() {
    request_ = beast_http::request<beast_http::empty_body>(beast_http::verb::get, parts_.target, 11);
    request_.set(beast_http::field::host, parts_.host + ":" + parts_.port);
    request_.set(beast_http::field::user_agent, "ferry");
    request_.set(beast_http::field::accept, "application/json, application/yaml, */*");
    request_.set(beast_http::field::connection, "close");
    if (get_.authorization) request_.set(beast_http::field::authorization, *get_.authorization);
    parser_.body_limit(get_.max_body_bytes);
    if constexpr (kTls) {
      if (Status ready = prepare_tls(); !ready) return ready.error();
    }
    timer_.expires_after(get_.timeout);
    timer_.async_wait([this](ErrorCode ec) {
      if (!ec) on_deadline();
    });
    resolver_.async_resolve(
        parts_.host, parts_.port,
        [this](ErrorCode ec, const tcp::resolver::results_type& found) { on_resolved(ec, found); });
    io_.run();
    if (timed_out_) {
      return make_error("GET " + url_ + ": no answer within " + std::to_string(get_.timeout.count()) + " ms");
    }
    if (!failure_.empty()) return make_error("GET " + url_ + ": " + failure_);
    return HttpResponse{static_cast<int>(parser_.get().result_int()), std::move(parser_.get().body())};
  }

 private:
  // SNI and the host name (or IP address) the certificate must name, set before the handshake.
  Status prepare_tls() {
    SSL* ssl = stream_.native_handle();
    ErrorCode not_ip;
    asio::ip::make_address(parts_.host, not_ip);
    const bool verified_name =
        not_ip ? SSL_set_tlsext_host_name(ssl, parts_.host.c_str()) == 1 &&
                     SSL_set1_host(ssl, parts_.host.c_str()) == 1
               : X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), parts_.host.c_str()) == 1;
    if (!verified_name) return make_error("GET " + url_ + ": cannot set up TLS for host " + parts_.host);
    return ok();
  }

  void on_deadline() {
    timed_out_ = true;
    resolver_.cancel();
    ErrorCode ignored;
    stream_.lowest_layer().close(ignored);
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
    asio::async_connect(stream_.lowest_layer(), found, [this](ErrorCode connect_ec, const tcp::endpoint&) {
      if (failed(connect_ec, "cannot connect")) return;
      if constexpr (kTls) {
        stream_.async_handshake(ssl::stream_base::client, [this](ErrorCode handshake_ec) {
          if (handshake_ec) return handshake_failed(handshake_ec);
          send();
        });
      } else {
        send();
      }
    });
  }

  // OpenSSL's own reason for a certificate it refused ("unable to get local issuer certificate", "hostname
  // mismatch"), beside the handshake's error.
  void handshake_failed(ErrorCode ec) {
    std::string step = "TLS handshake with " + parts_.host + ":" + parts_.port + " failed";
    if constexpr (kTls) {
      const long verify = SSL_get_verify_result(stream_.native_handle());
      if (verify != X509_V_OK) step += " (" + std::string(X509_verify_cert_error_string(verify)) + ")";
    }
    failed(ec, step);
  }

  void send() {
    beast_http::async_write(stream_, request_, [this](ErrorCode write_ec, std::size_t) {
      if (failed(write_ec, "cannot send the request")) return;
      beast_http::async_read_header(stream_, buffer_, parser_, [this](ErrorCode header_ec, std::size_t) {
        if (failed(header_ec, "cannot read the answer")) return;
        read_body();
      });
    });
  }

  // Beast 1.74 does not always apply body_limit to a Content-Length that is over it (when the body's
  // first bytes come with the header), so the header is read first and its length checked here.
  void read_body() {
    const auto length = parser_.content_length();
    if (length && *length > get_.max_body_bytes &&
        failed(beast_http::error::body_limit, "cannot read the answer")) {
      return;
    }
    beast_http::async_read(stream_, buffer_, parser_, [this](ErrorCode read_ec, std::size_t) {
      // A TLS server that closes after a complete answer without close_notify ended nothing early.
      if (read_ec == ssl::error::stream_truncated && parser_.is_done()) read_ec = {};
      if (failed(read_ec, "cannot read the answer")) return;
      timer_.cancel();
    });
  }

  const std::string& url_;
  const HttpUrl& parts_;
  const HttpGet& get_;
  asio::io_context io_;
  tcp::resolver resolver_;
  Stream stream_;
  asio::steady_timer timer_;
  beast_http::request<beast_http::empty_body> request_;
  boost::beast::flat_buffer buffer_;
  beast_http::response_parser<beast_http::string_body> parser_;
  bool timed_out_ = false;
  std::string failure_;
};

// A client context that verifies the peer against the system's CAs and `trust`'s extra file, TLS 1.2 up.
Result<std::unique_ptr<ssl::context>> tls_context(const TlsTrust& trust) {
  auto context = std::make_unique<ssl::context>(ssl::context::tls_client);
  SSL_CTX_set_min_proto_version(context->native_handle(), TLS1_2_VERSION);
  ErrorCode ec;
  context->set_default_verify_paths(ec);
  if (ec) return make_error("cannot read the system's CA certificates: " + ec.message());
  if (!trust.extra_ca_file.empty()) {
    context->load_verify_file(trust.extra_ca_file.string(), ec);
    if (ec)
      return make_error("cannot read the CA file " + trust.extra_ca_file.string() + ": " + ec.message());
  }
  context->set_verify_mode(ssl::verify_peer);
  return context;
}

}  // namespace

Result<HttpResponse> BeastHttpClient::get(const std::string& url, const HttpGet& request) {
  auto parts = parse_http_url(url);
  if (!parts) return parts.error();
  if (!parts->tls) return Exchange<tcp::socket>(url, *parts, request).run();
  auto context = tls_context(trust_);
  if (!context) return context.error();
  return Exchange<TlsStream>(url, *parts, request, **context).run();
}

}  // namespace ferry::http
