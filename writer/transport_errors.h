// The messages of failed fetches and pushes: what went wrong, which store, what to do, and never a
// password (every URL in them passes through redact_url).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "writer/store_url.h"

namespace ferry::writer {

// ferry's stream gave up waiting (writer/timeout_stream.h): on what, and after how long.
struct NetworkTimeout {
  std::string endpoint;  // "<host>:<port>"
  std::chrono::milliseconds waited{0};
  bool connecting = false;
  bool whole_operation = false;  // the fetch or push did not finish within --network-timeout
  bool interrupted = false;      // SIGINT or SIGTERM ended it
};

struct TransportFailure {
  std::string doing;             // "cannot fetch from", "cannot push to"
  std::string store;             // the store's describe()
  std::string libgit2_message;   // git_error_last() after the failure, may be ""
  std::string callback_failure;  // set when one of ferry's own callbacks refused (it wins), else ""
  std::optional<NetworkTimeout> timeout = std::nullopt;  // set when ferry's stream timed out (next)
};

// The error for `failure` on `url`. A timeout of ferry's stream reads (seconds as "2" or "0.5")
//   state store "<url>": no answer from <host>:<port> for <n> s (--network-timeout)
//   state store "<url>": cannot connect to <host>:<port> within <n> s (--network-timeout)
//   <doing> <store>: not done within <n> s (--network-timeout bounds each fetch and push)
//   <doing> <store>: interrupted by SIGINT        (or SIGTERM)
// Recognised libgit2 messages become
//   authentication failed for <url>: check the username and password/token    (http and https)
//   authentication failed for <url>: check the user and the ssh key            (ssh)
//   cannot reach <url>: connection refused
//   cannot reach <url>: unknown host <host>
//   cannot reach <url>: connection timed out
//   <doing> <store>: the connection was lost (<libgit2 message>)
// and anything else reads "<doing> <store>: <libgit2 message>".
Error transport_error(const StoreUrl& url, const TransportFailure& failure);

}  // namespace ferry::writer
