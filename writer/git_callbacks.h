// The libgit2 callbacks of one fetch or push: credentials (basic auth, ssh keys), certificate and ssh
// host key checks, the server's sideband text and its per-ref push statuses, and progress callbacks that
// stop the operation at SIGINT/SIGTERM or its deadline (timeout_stream.h). Internal to writer/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "writer/credentials.h"
#include "writer/git_handles.h"
#include "writer/store_url.h"
#include "writer/temp_file.h"

namespace ferry::writer::git {

// What one network operation shares with its callbacks; lives on the stack of the thread doing it.
struct TransportContext {
  TransportContext(const StoreUrl& url_, const Credentials& credentials_)
      : url(url_), credentials(credentials_) {}

  const StoreUrl& url;
  const Credentials& credentials;
  int key_requests = 0;               // a second request means the server refused the first credentials
  std::string failure;                // why one of these callbacks refused; "" when none did
  std::string remote_output;          // everything the server said on the sideband ("remote: ..." text)
  std::vector<std::string> rejected;  // "<ref>: <status>" for each ref the server refused to update
  std::optional<TempFile> key_file;   // the ssh key, when libssh2 cannot take it from memory
};

// Callbacks bound to `context`. Their refusals read:
//   authentication failed for <url>: check the username and password/token  (https, http)
//   authentication failed for <url>: check the user and the ssh key          (ssh)
//   authentication required for <url>: no username and password/token configured for this store
//   authentication required for <url>: no ssh key configured for this store
//   authentication failed for <url>: the server does not accept basic auth   (or: ssh keys)
//   the TLS certificate of <host> is not trusted for <url>: configure the CA bundle that signed it, or
//     fix the server's certificate (it must be valid for <host>)
//   unknown ssh host <host> for <url>: its <type> key is not in the store's known_hosts (strict host key
//     checking is on)
//   the ssh host key of <host> does not match the store's known_hosts for <url>: refusing to connect
//   the ssh host key of <host> is revoked in the store's known_hosts for <url>
// where <host> is the bare host name for TLS, and for ssh the known_hosts name: "host" on port 22,
// "[host]:port" on any other.
git_remote_callbacks make_callbacks(TransportContext& context);

}  // namespace ferry::writer::git
