// The one place that reads a state store's URL: which transport it needs, what libgit2 connects to, what
// messages may show, and which credentials it carried. Everything else in writer/ asks a StoreUrl.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/error.h"

namespace ferry::writer {

enum class StoreTransport {
  kLocalPath,  // "/srv/state.git", "stores/state.git" (relative to the platform root)
  kFile,       // "file:///srv/state.git"
  kGit,        // "git://host[:port]/path"
  kHttps,      // "https://[user[:password]@]host[:port]/path"
  kHttp,       // "http://..." (only used when the store allows insecure http)
  kSsh,        // "ssh://[user@]host[:port]/path" (also ssh+git://, git+ssh://) and scp-like "user@host:path"
};

struct StoreUrl {
  StoreTransport transport = StoreTransport::kLocalPath;
  std::string remote;  // what libgit2 connects to: no password, and for http(s) no user either; "" for a path
  std::string display;               // for messages: `remote`, or the absolute path of a kLocalPath store
  std::filesystem::path local_path;  // kLocalPath and kFile: the repository on disk, absolute
  std::string host;                  // network transports
  int port = 0;          // network transports: the explicit port or the scheme's (9418, 443, 80, 22)
  std::string username;  // percent-decoded user of the URL's userinfo, "" when none
  std::string password;  // percent-decoded password of the URL's userinfo, "" when none; never shown
};

// Classifies and splits `url`. A URL without a scheme is a local path unless it is scp-like (user@host:path,
// nothing before the ':' containing '/'); a relative path is taken relative to `platform_root`. Errors read
//   invalid state store URL "<url, redacted>": <reason>
// with <reason> one of: empty URL, unsupported scheme "<s>" (use https://, ssh://, git://, file:// or a local
// path), no host, invalid port "<p>", no repository path, file:// needs an absolute path (file:///path).
Result<StoreUrl> parse_store_url(const std::string& url, const std::filesystem::path& platform_root);

// `text` with the credentials of every "scheme://userinfo@host" in it removed: all of the userinfo for
// every scheme but ssh, whose user (not a secret) stays while a ":password" goes. Used on every message that
// may contain a URL, libgit2's included. Text without "://" is returned unchanged.
std::string redact_url(std::string_view text);

}  // namespace ferry::writer
