// The one place core/ runs a libcrypto digest of a text for its hex (md5.h, sha256.h, content_digest.h):
// one context a thread, reused, since allocating one a call was most of the cost of hashing a short text.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace ferry {

// `algorithm` (fetched once by the caller, EVP_MD_fetch) of `data`, its first `bytes` bytes (at most the
// digest's size) as lower-case hex. Fails only when libcrypto cannot allocate: the all-zero digest then
// matches no key.
std::string evp_hex(const EVP_MD* algorithm, std::string_view data, std::size_t bytes);

// `name` fetched once by the caller's static; without it ferry stops saying `why` it needs it (a libcrypto
// configured for FIPS only has no MD5).
const EVP_MD* fetch_digest_or_stop(const char* name, const char* why);

}  // namespace ferry
