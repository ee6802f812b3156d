// make_bearer_token and bearer_matches (bearer_token.h).
#include "api/bearer_token.h"

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include <array>
#include <cctype>

namespace ferry::api {

Result<std::string> make_bearer_token() {
  std::array<unsigned char, 32> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    return make_error("cannot make the platform API's token: RAND_bytes failed");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string token;
  for (unsigned char byte : bytes) {
    token += kHex[byte >> 4];
    token += kHex[byte & 15];
  }
  return token;
}

bool bearer_matches(const std::string& authorization, const std::string& token) {
  const std::string prefix = "bearer ";
  if (token.empty() || authorization.size() != prefix.size() + token.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(authorization[i])) != prefix[i]) return false;
  }
  return CRYPTO_memcmp(authorization.data() + prefix.size(), token.data(), token.size()) == 0;
}

}  // namespace ferry::api
