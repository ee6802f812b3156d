// The messages of failed fetches and pushes: what went wrong, which store, what to do, and never a
// password (every URL in them passes through redact_url).
#pragma once

#include <string>
#include <string_view>

#include "core/error.h"
#include "writer/store_url.h"

namespace ferry::writer {

struct TransportFailure {
  std::string doing;             // "cannot fetch from", "cannot push to"
  std::string store;             // the store's describe()
  std::string libgit2_message;   // git_error_last() after the failure, may be ""
  std::string callback_failure;  // set when one of ferry's own callbacks refused (it wins), else ""
};

// The error for `failure` on `url`. Recognised libgit2 messages become
//   authentication failed for <url>: check the username and password/token    (http and https)
//   authentication failed for <url>: check the user and the ssh key            (ssh)
//   cannot reach <url>: connection refused
//   cannot reach <url>: unknown host <host>
//   cannot reach <url>: connection timed out
//   <doing> <store>: the connection was lost (<libgit2 message>)
// and anything else reads "<doing> <store>: <libgit2 message>".
Error transport_error(const StoreUrl& url, const TransportFailure& failure);

}  // namespace ferry::writer
