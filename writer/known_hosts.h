// Checking an ssh server's host key against known_hosts text (OpenSSH format), without touching
// ~/.ssh: the store's own known_hosts (credentials.h SshAuth) is the only source.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ferry::writer {

enum class HostKeyVerdict {
  kKnown,    // a line for the host lists exactly this key
  kChanged,  // lines for the host list another key of the same type, none this one
  kUnknown,  // no line for the host lists a key of this type
  kRevoked,  // a "@revoked" line lists this key for the host
};

// `key_blob` is the server's public key in SSH wire format (what a known_hosts line holds in base64). A
// line applies to host:port when one of its comma-separated patterns matches "host" (port 22) or
// "[host]:port" (any other port); patterns may use '*' and '?', and a matching "!pattern" excludes the
// line. Hashed ("|1|...") and "@cert-authority" lines never apply.
HostKeyVerdict check_host_key(std::string_view known_hosts, std::string_view host, int port,
                              std::string_view key_blob);

// The key type an SSH wire-format blob names ("ssh-ed25519", ...), "" when the blob is malformed.
std::string key_type_of(std::string_view key_blob);

std::string base64_encode(std::string_view bytes);
std::optional<std::string> base64_decode(std::string_view text);  // nullopt when not base64

}  // namespace ferry::writer
