// The TLS material of one pipeline's platform API, made per run in memory with OpenSSL: a CA (an EC P-256
// key and a self-signed certificate with basicConstraints CA:TRUE) and a serving certificate it signs for
// 127.0.0.1, localhost, kubernetes, kubernetes.default and kubernetes.default.svc, both valid from an hour
// ago for a day. Only the CA's certificate leaves the server (the pipeline's ca.crt); its key is dropped
// once the serving certificate is signed.
#pragma once

#include <string>

#include "core/error.h"

namespace ferry::api {

struct TlsMaterial {
  std::string ca_certificate_pem;
  std::string server_certificate_pem;
  std::string server_key_pem;  // PKCS#8; kept in memory, never written by ferry
};

// Errors name the OpenSSL step that failed.
Result<TlsMaterial> make_tls_material();

}  // namespace ferry::api
