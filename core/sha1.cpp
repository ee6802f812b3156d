#include "core/sha1.h"

#include <openssl/evp.h>

#include <memory>

namespace ferry {
namespace {

struct Sha1ContextFree {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};

}  // namespace

std::array<unsigned char, 20> sha1_of(std::string_view head, std::string_view data) {
  std::array<unsigned char, 20> digest{};
  const std::unique_ptr<EVP_MD_CTX, Sha1ContextFree> context(EVP_MD_CTX_new());
  unsigned int length = 0;
  if (context && EVP_DigestInit_ex(context.get(), EVP_sha1(), nullptr) == 1 &&
      EVP_DigestUpdate(context.get(), head.data(), head.size()) == 1 &&
      EVP_DigestUpdate(context.get(), data.data(), data.size()) == 1 &&
      EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1)
    digest.fill(0);
  return digest;
}

}  // namespace ferry
