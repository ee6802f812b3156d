#include "core/sha256.h"

#include <openssl/evp.h>

#include <array>
#include <cstdio>

namespace ferry {

std::string sha256_hex(std::string_view data) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  // EVP_Digest fails only when libcrypto cannot allocate; the all-zero digest then misses in the cache.
  EVP_Digest(data.data(), data.size(), digest.data(), &length, EVP_sha256(), nullptr);
  std::string hex;
  hex.reserve(64);
  char byte[3];
  for (std::size_t i = 0; i < 32; ++i) {
    std::snprintf(byte, sizeof byte, "%02x", digest[i]);
    hex += byte;
  }
  return hex;
}

}  // namespace ferry
