// One pipeline's platform API server: HTTPS (Boost.Beast over OpenSSL) with the run's TLS material, every
// request authenticated by the pipeline's bearer token (401 otherwise), answered by its Router on one
// thread of its own, and written to the audit log. The listener is the caller's (a socket it opened, e.g.
// inside the pipeline's network namespace) or a fresh one on 127.0.0.1; stop() or the destructor closes
// it and every connection, so nothing listens after the pipeline ends.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "api/audit_log.h"
#include "api/router.h"
#include "api/tls_material.h"

namespace ferry::api {

// The largest request body read (a Secret or ConfigMap is at most 1 MiB of data, base64 makes it 4/3).
inline constexpr std::uint64_t kMaxRequestBodyBytes = 3u << 20;

struct ServerSettings {
  std::string pipeline;  // how the audit log names the pipeline
  std::string token;     // make_bearer_token's
  TlsMaterial tls;
  std::shared_ptr<AuditLog> audit;  // none: no audit log
};

class PreparedServer;

class ApiServer {
 public:
  // A server's TLS context (from `tls`), its listener (as start's) and its thread, made ahead of the
  // pipeline: it answers nothing until start() (a client's connection waits in the listener's backlog).
  static Result<PreparedServer> prepare(TlsMaterial tls, int listening_socket = -1);
  // Starts `prepared` serving `router`. `settings.tls` is not read: the TLS is the one prepare() was given.
  static Result<std::unique_ptr<ApiServer>> start(Router router, ServerSettings settings,
                                                  PreparedServer prepared);
  // Starts serving on `listening_socket` (a listening TCP socket, owned by the server from now on) or, when
  // it is -1, on a new socket bound to 127.0.0.1 on a port the system picks.
  static Result<std::unique_ptr<ApiServer>> start(Router router, ServerSettings settings,
                                                  int listening_socket = -1);
  ~ApiServer();
  ApiServer(const ApiServer&) = delete;
  ApiServer& operator=(const ApiServer&) = delete;

  std::uint16_t port() const;
  // Requests answered so far, refused ones included.
  std::uint64_t requests() const;
  // Closes the listener and every connection and waits for the server's thread; idempotent.
  void stop();

  struct State;  // the io_context, TLS context, listener and thread (api_server.cpp)

 private:
  explicit ApiServer(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;  // null once stopped
  std::uint16_t port_ = 0;
  std::uint64_t requests_after_stop_ = 0;
};

// ApiServer::prepare's server, not serving yet; dropping it closes its listener and stops its thread.
class PreparedServer {
 public:
  PreparedServer();
  ~PreparedServer();
  PreparedServer(PreparedServer&&) noexcept;
  PreparedServer& operator=(PreparedServer&&) noexcept;
  std::uint16_t port() const;  // the listener's; 0 for a default-constructed one

 private:
  friend class ApiServer;
  std::unique_ptr<ApiServer::State> state_;
};

}  // namespace ferry::api
