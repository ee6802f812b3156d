// SHA-256 (OpenSSL's libcrypto), for the pipeline cache: its keys must not collide by accident or on
// purpose, and the secret values that enter them must not be recoverable from a key.
#pragma once

#include <string>
#include <string_view>

namespace ferry {

std::string sha256_hex(std::string_view data);  // 64 lower-case hex digits

}  // namespace ferry
