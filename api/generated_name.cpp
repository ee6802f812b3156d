// random_name_suffix and generated_name (generated_name.h).
#include "api/generated_name.h"

#include <openssl/rand.h>

#include <random>
#include <string_view>

namespace ferry::api {
namespace {

// utilrand's alphanums: 27 characters.
constexpr std::string_view kAlphabet = "bcdfghjklmnpqrstvwxz2456789";
// Bytes at or above this are drawn again, so that byte % 27 is uniform (243 = 9 * 27).
constexpr unsigned kUniformBelow = 256 / kAlphabet.size() * kAlphabet.size();

unsigned char random_byte() {
  unsigned char byte = 0;
  if (RAND_bytes(&byte, 1) == 1) return byte;
  static thread_local std::random_device device;
  return static_cast<unsigned char>(device() & 0xff);
}

}  // namespace

std::string random_name_suffix() {
  std::string suffix;
  while (suffix.size() < kGeneratedSuffixLength) {
    const unsigned char byte = random_byte();
    if (byte < kUniformBelow) suffix += kAlphabet[byte % kAlphabet.size()];
  }
  return suffix;
}

std::string generated_name(const std::string& base, const std::string& suffix) {
  return base.substr(0, kMaxGeneratedNameBase) + suffix;
}

}  // namespace ferry::api
