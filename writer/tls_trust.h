// The CA certificates libgit2 trusts for https. libgit2 built on mbedTLS keeps one CA set per process
// (GIT_OPT_SET_SSL_CERT_LOCATIONS) and frees the old set when it is replaced, so the set is changed only
// here, only ever grows, and never while a network operation runs.
#pragma once

#include <filesystem>
#include <shared_mutex>
#include <string>

#include "core/error.h"

namespace ferry::writer {

// Adds the PEM certificates in `bundle` to the trusted set, on top of the system's CAs
// (/etc/ssl/certs/ca-certificates.crt). Adding a bundle twice does nothing. Errors name `store`:
//   cannot read CA bundle <path> of <store>
//   CA bundle <path> of <store> holds no PEM certificate
//   cannot load CA bundle <path> of <store>: <libgit2's reason>
Status trust_ca_bundle(const std::filesystem::path& bundle, const std::string& store);

// Held (shared) for the whole of every fetch and push, so that trust_ca_bundle waits for them.
std::shared_lock<std::shared_mutex> network_guard();

}  // namespace ferry::writer
