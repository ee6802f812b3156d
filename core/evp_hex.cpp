#include "core/evp_hex.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace ferry {
namespace {

struct ContextFree {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};

}  // namespace

std::string evp_hex(const EVP_MD* algorithm, std::string_view data, std::size_t bytes) {
  thread_local const std::unique_ptr<EVP_MD_CTX, ContextFree> context(EVP_MD_CTX_new());
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (context && EVP_DigestInit_ex(context.get(), algorithm, nullptr) == 1 &&
      EVP_DigestUpdate(context.get(), data.data(), data.size()) == 1)
    EVP_DigestFinal_ex(context.get(), digest.data(), &length);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex(2 * bytes, '0');
  for (std::size_t i = 0; i < bytes; ++i) {
    hex[2 * i] = kHex[digest[i] >> 4];
    hex[2 * i + 1] = kHex[digest[i] & 15];
  }
  return hex;
}

const EVP_MD* fetch_digest_or_stop(const char* name, const char* why) {
  const EVP_MD* fetched = EVP_MD_fetch(nullptr, name, nullptr);
  if (!fetched) {
    std::fprintf(stderr, "ferry: libcrypto provides no %s (configured for FIPS only?); %s\n", name, why);
    std::abort();
  }
  return fetched;
}

}  // namespace ferry
