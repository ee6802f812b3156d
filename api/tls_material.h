// The TLS material of one pipeline's platform API, made per run in memory with OpenSSL: a CA (an EC P-256
// key and a self-signed certificate with basicConstraints CA:TRUE) and a serving certificate it signs for
// 127.0.0.1, localhost, kubernetes, kubernetes.default and kubernetes.default.svc, both valid from an hour
// ago for a day. Only the CA's certificate leaves the server (the pipeline's ca.crt); its key is dropped
// once the serving certificate is signed. The serving certificate and key stay OpenSSL objects, handed to
// the server's TLS context as they are: no PEM text of the key is ever made.
#pragma once

#include <openssl/types.h>

#include <memory>
#include <string>

#include "core/error.h"

namespace ferry::api {

struct TlsMaterial {
  std::string ca_certificate_pem;
  // Immutable once made; shared, so that the material can be copied (tests serve several servers with one).
  std::shared_ptr<X509> server_certificate;
  std::shared_ptr<EVP_PKEY> server_key;  // kept in memory, never written by ferry
};

// Errors name the OpenSSL step that failed.
Result<TlsMaterial> make_tls_material();

// The serving certificate as PEM text (for tools that verify it against ca.crt).
Result<std::string> server_certificate_pem(const TlsMaterial& material);

}  // namespace ferry::api
