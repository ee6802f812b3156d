#include "core/sha256.h"

#include "core/evp_hex.h"

namespace ferry {

std::string sha256_hex(std::string_view data) {
  static const EVP_MD* const algorithm = fetch_digest_or_stop("SHA256", "ferry's caches need it");
  return evp_hex(algorithm, data, 32);
}

}  // namespace ferry
