// MD5 by OpenSSL's libcrypto (as core/sha256.cpp), which is about 1.6 times faster than the RFC 1321 code
// ferry had on a file of megabytes, and 1.4 times on a request's few hundred bytes: the load cache hashes
// every request's document (docs/load-cache.md).
#include "core/md5.h"

#include "core/evp_hex.h"

namespace ferry {

std::string md5_hex(std::string_view data) {
  // Fetched once: EVP_md5() would look the algorithm up again on every call. Without it ferry cannot name
  // Kratix's paths: it stops rather than name them wrong.
  static const EVP_MD* const algorithm = fetch_digest_or_stop("MD5", "Kratix's paths need it");
  return evp_hex(algorithm, data, 16);
}

}  // namespace ferry
