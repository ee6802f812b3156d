#include "core/content_digest.h"

#include "core/evp_hex.h"

namespace ferry {

std::string content_digest(std::string_view data) {
  static const EVP_MD* const algorithm = fetch_digest_or_stop("SHA256", "ferry's records need it");
  return evp_hex(algorithm, data, 16);
}

}  // namespace ferry
