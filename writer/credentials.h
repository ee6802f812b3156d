// What a state store needs to authenticate, as plain values. The caller resolves them (the runner from its
// documented local source); the writer only hands them to libgit2 and never prints them: messages name a
// store by its URL with every user:password@ removed (store_url.h redact_url).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace ferry::writer {

// HTTP basic auth for https:// (and allowed http://) stores. `password` may be a token.
struct BasicAuth {
  std::string username;
  std::string password;
};

// Public-key auth for ssh:// and user@host:path stores.
struct SshAuth {
  std::string username;                    // "" = the user in the URL
  std::string private_key;                 // the key itself (PEM or OpenSSH text), or
  std::filesystem::path private_key_file;  // a file holding it (used when private_key is empty)
  std::string passphrase;                  // "" for an unencrypted key
  // known_hosts lines ("host[,host] keytype base64", "[host]:port ..." for other ports than 22; hashed
  // "|1|" entries and @cert-authority lines are not understood). The server's key must be listed for its
  // host when strict_host_key_checking is on; a listed host with another key is always refused.
  std::string known_hosts;
  bool strict_host_key_checking = true;
};

// TLS for https:// stores. With verify, a certificate the system's CAs (plus ca_bundle, when set) do not
// vouch for, or one for another host name, is refused. A ca_bundle is trusted process-wide (libgit2 has one
// CA set per process), on top of the system's CAs.
struct TlsSettings {
  bool verify = true;
  std::filesystem::path ca_bundle;  // PEM file; empty: the system's CAs only
};

struct Credentials {
  std::optional<BasicAuth> basic;  // when empty, a user:password in an https URL is used instead
  std::optional<SshAuth> ssh;
  TlsSettings tls;
};

}  // namespace ferry::writer
