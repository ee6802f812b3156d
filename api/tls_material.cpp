// make_tls_material (tls_material.h) on OpenSSL 3's EVP and X509 APIs; every handle is owned by a
// unique_ptr with its free function.
#include "api/tls_material.h"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <memory>

namespace ferry::api {
namespace {

template <auto Free>
struct Freer {
  template <class T>
  void operator()(T* handle) const {
    Free(handle);
  }
};
using Key = std::unique_ptr<EVP_PKEY, Freer<EVP_PKEY_free>>;
using Certificate = std::unique_ptr<X509, Freer<X509_free>>;
using Memory = std::unique_ptr<BIO, Freer<BIO_free>>;
using Extension = std::unique_ptr<X509_EXTENSION, Freer<X509_EXTENSION_free>>;

Error failed(const std::string& step) {
  return make_error("cannot make the platform API's TLS material: " + step);
}

bool add_extension(X509* certificate, X509* issuer, int nid, const char* value) {
  X509V3_CTX context;
  X509V3_set_ctx(&context, issuer, certificate, nullptr, nullptr, 0);
  const Extension extension(X509V3_EXT_conf_nid(nullptr, &context, nid, value));
  return extension && X509_add_ext(certificate, extension.get(), -1) == 1;
}

// A certificate for `name`'s key, signed by `issuer_key` (itself when `issuer` is null).
Result<Certificate> signed_certificate(EVP_PKEY* key, const char* name, X509* issuer, EVP_PKEY* issuer_key,
                                       long serial, bool ca) {
  Certificate certificate(X509_new());
  if (!certificate) return failed("X509_new");
  X509_set_version(certificate.get(), 2);
  ASN1_INTEGER_set(X509_get_serialNumber(certificate.get()), serial);
  X509_gmtime_adj(X509_getm_notBefore(certificate.get()), -3600);
  X509_gmtime_adj(X509_getm_notAfter(certificate.get()), 24 * 3600);
  X509_set_pubkey(certificate.get(), key);
  X509_NAME* subject = X509_get_subject_name(certificate.get());
  X509_NAME_add_entry_by_txt(subject, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(name), -1,
                             -1, 0);
  X509* signer = issuer == nullptr ? certificate.get() : issuer;
  X509_set_issuer_name(certificate.get(), X509_get_subject_name(signer));
  const bool extended =
      ca ? add_extension(certificate.get(), signer, NID_basic_constraints, "critical,CA:TRUE") &&
               add_extension(certificate.get(), signer, NID_key_usage, "critical,keyCertSign,cRLSign")
         : add_extension(certificate.get(), signer, NID_basic_constraints, "critical,CA:FALSE") &&
               add_extension(certificate.get(), signer, NID_ext_key_usage, "serverAuth") &&
               add_extension(certificate.get(), signer, NID_subject_alt_name,
                             "IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,"
                             "DNS:kubernetes.default.svc");
  if (!extended) return failed("the certificate's extensions");
  if (X509_sign(certificate.get(), issuer_key, EVP_sha256()) == 0) return failed("X509_sign");
  return certificate;
}

std::string memory_text(BIO* memory) {
  char* data = nullptr;
  const long size = BIO_get_mem_data(memory, &data);
  return std::string(data, static_cast<std::size_t>(size));
}

Result<std::string> certificate_pem(X509* certificate) {
  const Memory memory(BIO_new(BIO_s_mem()));
  if (!memory || PEM_write_bio_X509(memory.get(), certificate) != 1) return failed("PEM_write_bio_X509");
  return memory_text(memory.get());
}

Result<std::string> key_pem(EVP_PKEY* key) {
  const Memory memory(BIO_new(BIO_s_mem()));
  if (!memory || PEM_write_bio_PrivateKey(memory.get(), key, nullptr, nullptr, 0, nullptr, nullptr) != 1) {
    return failed("PEM_write_bio_PrivateKey");
  }
  return memory_text(memory.get());
}

}  // namespace

Result<TlsMaterial> make_tls_material() {
  const Key ca_key(EVP_EC_gen("P-256"));
  const Key server_key(EVP_EC_gen("P-256"));
  if (!ca_key || !server_key) return failed("EVP_EC_gen");
  auto ca = signed_certificate(ca_key.get(), "ferry-platform-api-ca", nullptr, ca_key.get(), 1, true);
  if (!ca) return ca.error();
  auto server = signed_certificate(server_key.get(), "ferry-platform-api", ca->get(), ca_key.get(), 2, false);
  if (!server) return server.error();
  auto ca_pem = certificate_pem(ca->get());
  auto server_pem = certificate_pem(server->get());
  auto server_key_text = key_pem(server_key.get());
  if (!ca_pem) return ca_pem.error();
  if (!server_pem) return server_pem.error();
  if (!server_key_text) return server_key_text.error();
  return TlsMaterial{std::move(*ca_pem), std::move(*server_pem), std::move(*server_key_text)};
}

}  // namespace ferry::api
