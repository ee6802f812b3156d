// MD5 by OpenSSL's libcrypto (as core/sha256.cpp), which is about 1.6 times faster than the RFC 1321 code
// ferry had on a file of megabytes, and 1.4 times on a request's few hundred bytes: the load cache and the
// narrow runs hash every request's document (docs/load-cache.md).
#include "core/md5.h"

#include <openssl/evp.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace ferry {
namespace {

struct ContextFree {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};

// Fetched once: EVP_md5() would look the algorithm up again on every call. Without it (a libcrypto
// configured for FIPS only) ferry cannot name Kratix's paths: it stops rather than name them wrong.
const EVP_MD* md5_algorithm() {
  static const EVP_MD* const algorithm = [] {
    const EVP_MD* fetched = EVP_MD_fetch(nullptr, "MD5", nullptr);
    if (!fetched) {
      std::fputs("ferry: libcrypto provides no MD5 (configured for FIPS only?); Kratix's paths need it\n",
                 stderr);
      std::abort();
    }
    return fetched;
  }();
  return algorithm;
}

}  // namespace

std::string md5_hex(std::string_view data) {
  // One context a thread, reused: allocating one a call was most of the cost of hashing a short text.
  thread_local const std::unique_ptr<EVP_MD_CTX, ContextFree> context(EVP_MD_CTX_new());
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  // These fail only when libcrypto cannot allocate: the all-zero digest then matches no cached key.
  if (context && EVP_DigestInit_ex(context.get(), md5_algorithm(), nullptr) == 1 &&
      EVP_DigestUpdate(context.get(), data.data(), data.size()) == 1)
    EVP_DigestFinal_ex(context.get(), digest.data(), &length);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex(32, '0');
  for (std::size_t i = 0; i < 16; ++i) {
    hex[2 * i] = kHex[digest[i] >> 4];
    hex[2 * i + 1] = kHex[digest[i] & 15];
  }
  return hex;
}

}  // namespace ferry
