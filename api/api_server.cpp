// ApiServer (api_server.h): an asio io_context on one thread, an acceptor, and a Session per connection
// that handshakes, then reads, answers and writes requests until the client closes or goes quiet. prepare()
// makes the TLS context, the acceptor and the thread (idle until start() posts the first accept).
#include "api/api_server.h"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <unistd.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <optional>
#include <thread>

#include "api/bearer_token.h"
#include "api/request_info.h"
#include "api/rfc3339.h"
#include "api/status_body.h"

namespace ferry::api {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

struct ApiServer::State {
  explicit State(TlsMaterial material)
      : settings{"", "", std::move(material), nullptr},
        tls(asio::ssl::context::tls_server),
        acceptor(io),
        running(io.get_executor()) {}
  ~State() { stop(); }
  State(const State&) = delete;
  State& operator=(const State&) = delete;
  // Destroyed in reverse: the acceptor, then the io_context with the sessions its handlers hold (closing
  // their sockets), then the TLS context they used.
  std::optional<Router> router;  // set by start(), before the first accept
  ServerSettings settings;
  asio::ssl::context tls;
  asio::io_context io;
  tcp::acceptor acceptor;
  asio::executor_work_guard<asio::io_context::executor_type> running;  // io.run() waits for start()
  std::atomic<std::uint64_t> requests{0};
  std::uint16_t port = 0;
  std::thread thread;

  // Closes the listener and every connection and waits for the thread; idempotent.
  void stop() {
    if (!thread.joinable()) return;
    asio::post(io, [this] {
      beast::error_code ignored;
      acceptor.close(ignored);
      io.stop();
    });
    if (thread.joinable()) thread.join();
  }
};

namespace {

constexpr auto kIdleTimeout = std::chrono::seconds(30);

HttpResponse unauthorized() {
  return status_response(401, "Unauthorized", "Unauthorized");
}

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, ApiServer::State& state)
      : stream_(std::move(socket), state.tls), state_(state) {}

  void start() {
    beast::get_lowest_layer(stream_).expires_after(kIdleTimeout);
    stream_.async_handshake(asio::ssl::stream_base::server,
                            [self = shared_from_this()](beast::error_code ec) {
                              if (!ec) self->read();
                            });
  }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(kMaxRequestBodyBytes);
    beast::get_lowest_layer(stream_).expires_after(kIdleTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       if (ec == http::error::body_limit) return self->answer_too_large();
                       if (!ec) self->answer(self->parser_->release());
                     });
  }

  HttpResponse respond(const http::request<http::string_body>& request) {
    if (!bearer_matches(std::string(request[http::field::authorization]), state_.settings.token))
      return unauthorized();
    HttpRequest exchange{std::string(request.method_string()), std::string(request.target()),
                         std::string(request[http::field::content_type]), request.body()};
    return state_.router->handle(exchange);
  }

  void answer(const http::request<http::string_body>& request) {
    const HttpResponse response = respond(request);
    audit(std::string(request.method_string()), std::string(request.target()), response.code);
    send(response, request.keep_alive(), request.method() == http::verb::head, request.version());
  }

  void answer_too_large() {
    audit("", "", 413);
    send(status_response(413, "RequestEntityTooLarge", "the request body is larger than ferry reads"), false,
         false, 11);
  }

  void audit(const std::string& method, const std::string& target, int code) {
    ++state_.requests;
    if (!state_.settings.audit) return;
    const AuditEntry entry{state_.settings.pipeline, user_name(state_.router->view().access),
                           audit_verb(method, target), target, code};
    (void)state_.settings.audit->append(entry, rfc3339(std::chrono::system_clock::now()));
  }

  void send(const HttpResponse& response, bool keep_alive, bool head, unsigned version) {
    auto message = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(response.code), version);
    message->set(http::field::content_type, response.content_type);
    message->body() = head ? "" : response.body;
    message->keep_alive(keep_alive);
    message->prepare_payload();
    http::async_write(stream_, *message,
                      [self = shared_from_this(), message, keep_alive](beast::error_code ec, std::size_t) {
                        if (!ec && keep_alive) self->read();
                      });
  }

  beast::ssl_stream<beast::tcp_stream> stream_;
  ApiServer::State& state_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

void accept_next(ApiServer::State& state) {
  state.acceptor.async_accept([&state](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !state.acceptor.is_open()) return;
    if (!ec) {
      // Each answer is written as a few TLS records; with Nagle's algorithm the last would wait for the
      // client's delayed acknowledgement (up to 40 ms a call).
      beast::error_code ignored;
      socket.set_option(tcp::no_delay(true), ignored);
      std::make_shared<Session>(std::move(socket), state)->start();
    }
    accept_next(state);
  });
}

// OpenSSL's reason for the last failure on this thread ("no reason given" when it gave none).
std::string openssl_reason() {
  const unsigned long code = ERR_get_error();
  if (code == 0) return "no reason given";
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  ERR_clear_error();
  return text;
}

Status configure_tls(ApiServer::State& state) {
  const TlsMaterial& material = state.settings.tls;
  state.tls.set_options(asio::ssl::context::no_sslv2 | asio::ssl::context::no_sslv3 |
                        asio::ssl::context::no_tlsv1 | asio::ssl::context::no_tlsv1_1);
  // The certificate and key as made (tls_material.h): decoding PEM text again would cost more than making
  // them.
  SSL_CTX* context = state.tls.native_handle();
  if (!material.server_certificate || !material.server_key ||
      SSL_CTX_use_certificate(context, material.server_certificate.get()) != 1 ||
      SSL_CTX_use_PrivateKey(context, material.server_key.get()) != 1) {
    return make_error("cannot load the platform API's certificate: " + openssl_reason());
  }
  return ok();
}

Status open_listener(ApiServer::State& state, int listening_socket) {
  beast::error_code ec;
  if (listening_socket >= 0) {
    state.acceptor.assign(tcp::v4(), listening_socket, ec);
    if (ec) ::close(listening_socket);  // not the acceptor's: still the caller's, given to the server
  } else {
    state.acceptor.open(tcp::v4(), ec);
    if (!ec) state.acceptor.bind(tcp::endpoint(asio::ip::address_v4::loopback(), 0), ec);
    if (!ec) state.acceptor.listen(asio::socket_base::max_listen_connections, ec);
  }
  if (ec) return make_error("cannot listen for the platform API: " + ec.message());
  state.port = state.acceptor.local_endpoint(ec).port();
  if (ec) return make_error("cannot listen for the platform API: " + ec.message());
  return ok();
}

}  // namespace

Result<PreparedServer> ApiServer::prepare(TlsMaterial tls, int listening_socket) {
  auto state = std::make_unique<State>(std::move(tls));
  // The listener first: from then on the acceptor owns the socket and closes it on every path.
  if (Status listening = open_listener(*state, listening_socket); !listening) return listening.error();
  if (Status configured = configure_tls(*state); !configured) return configured.error();
  State& running = *state;
  state->thread = std::thread([&running] { running.io.run(); });
  PreparedServer prepared;
  prepared.state_ = std::move(state);
  return prepared;
}

Result<std::unique_ptr<ApiServer>> ApiServer::start(Router router, ServerSettings settings,
                                                    PreparedServer prepared) {
  State& state = *prepared.state_;
  state.router.emplace(std::move(router));
  state.settings.pipeline = std::move(settings.pipeline);
  state.settings.token = std::move(settings.token);
  state.settings.audit = std::move(settings.audit);
  // Posted: the server's thread sees the router and settings written above before its first accept.
  asio::post(state.io, [&state] { accept_next(state); });
  return std::unique_ptr<ApiServer>(new ApiServer(std::move(prepared.state_)));
}

Result<std::unique_ptr<ApiServer>> ApiServer::start(Router router, ServerSettings settings,
                                                    int listening_socket) {
  auto prepared = prepare(std::move(settings.tls), listening_socket);
  if (!prepared) return prepared.error();
  return start(std::move(router), std::move(settings), std::move(*prepared));
}

PreparedServer::PreparedServer() = default;
PreparedServer::PreparedServer(PreparedServer&&) noexcept = default;
PreparedServer& PreparedServer::operator=(PreparedServer&&) noexcept = default;

PreparedServer::~PreparedServer() = default;

std::uint16_t PreparedServer::port() const {
  return state_ ? state_->port : 0;
}  // State's destructor stops the thread

ApiServer::ApiServer(std::unique_ptr<State> state) : state_(std::move(state)), port_(state_->port) {}

ApiServer::~ApiServer() {
  stop();
}

std::uint16_t ApiServer::port() const {
  return port_;
}

std::uint64_t ApiServer::requests() const {
  return state_ ? state_->requests.load() : requests_after_stop_;
}

void ApiServer::stop() {
  if (!state_) return;
  state_->stop();
  requests_after_stop_ = state_->requests.load();
  state_.reset();  // the io_context goes, and with it every session and its socket
}

}  // namespace ferry::api
