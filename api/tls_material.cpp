// make_tls_material (tls_material.h) on OpenSSL 3's EVP and X509 APIs; every handle is owned by a
// unique_ptr (or, once made, a shared_ptr) with its free function.
#include "api/tls_material.h"

#include <openssl/bio.h>
#include <openssl/core_names.h>
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

// Sets `certificate`'s public key to the P-256 `key` by its encoded point. X509_set_pubkey does the same
// through OpenSSL 3.0's provider encoders and decoders, about 0.4 ms a certificate here, a tenth of what
// a pipeline's API costs to make; but only X509_set_pubkey leaves the certificate knowing the key as an
// EVP_PKEY, which a TLS context needs: so the CA's certificate, which only signs and becomes PEM, is
// made this way, the serving one with X509_set_pubkey.
bool set_encoded_public_key(X509* certificate, EVP_PKEY* key) {
  unsigned char point[65];  // 0x04, X, Y: an uncompressed P-256 point
  std::size_t length = 0;
  if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, point, sizeof point,
                                      &length) != 1) {
    return false;
  }
  auto* encoded = static_cast<unsigned char*>(OPENSSL_memdup(point, length));
  if (encoded == nullptr) return false;
  if (X509_PUBKEY_set0_param(X509_get_X509_PUBKEY(certificate), OBJ_nid2obj(NID_X9_62_id_ecPublicKey),
                             V_ASN1_OBJECT, OBJ_nid2obj(NID_X9_62_prime256v1), encoded,
                             static_cast<int>(length)) != 1) {
    OPENSSL_free(encoded);
    return false;
  }
  return true;
}

// A certificate for `name`'s key, signed by `issuer_key` (itself when `issuer` is null).
Result<Certificate> signed_certificate(EVP_PKEY* key, const char* name, X509* issuer, EVP_PKEY* issuer_key,
                                       long serial, bool ca) {
  Certificate certificate(X509_new());
  if (!certificate) return failed("X509_new");
  const bool keyed =
      ca ? set_encoded_public_key(certificate.get(), key) : X509_set_pubkey(certificate.get(), key) == 1;
  if (!keyed) return failed("the certificate's public key");
  X509_set_version(certificate.get(), 2);
  ASN1_INTEGER_set(X509_get_serialNumber(certificate.get()), serial);
  X509_gmtime_adj(X509_getm_notBefore(certificate.get()), -3600);
  X509_gmtime_adj(X509_getm_notAfter(certificate.get()), 24 * 3600);
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

}  // namespace

Result<TlsMaterial> make_tls_material() {
  const Key ca_key(EVP_EC_gen("P-256"));
  Key server_key(EVP_EC_gen("P-256"));
  if (!ca_key || !server_key) return failed("EVP_EC_gen");
  auto ca = signed_certificate(ca_key.get(), "ferry-platform-api-ca", nullptr, ca_key.get(), 1, true);
  if (!ca) return ca.error();
  auto server = signed_certificate(server_key.get(), "ferry-platform-api", ca->get(), ca_key.get(), 2, false);
  if (!server) return server.error();
  auto ca_pem = certificate_pem(ca->get());
  if (!ca_pem) return ca_pem.error();
  return TlsMaterial{std::move(*ca_pem), std::shared_ptr<X509>(std::move(*server)),
                     std::shared_ptr<EVP_PKEY>(std::move(server_key))};
}

Result<std::string> server_certificate_pem(const TlsMaterial& material) {
  if (!material.server_certificate) return failed("no serving certificate");
  return certificate_pem(material.server_certificate.get());
}

}  // namespace ferry::api
