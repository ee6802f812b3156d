// MD5 as specified by RFC 1321.
#include "core/md5.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace ferry {
namespace {

constexpr std::array<std::uint32_t, 64> kSines = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

constexpr std::array<int, 64> kShifts = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                         5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                         4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                         6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

std::uint32_t rotate_left(std::uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

// The four rounds as four loops, without a branch per step: md5 of each request's inputs is a tenth of a
// no-op run at R = 10,000 (docs/load-cache.md).
void process_block(const unsigned char* block, std::array<std::uint32_t, 4>& state) {
  std::array<std::uint32_t, 16> words{};
  for (int i = 0; i < 16; ++i) {
    words[i] = std::uint32_t(block[i * 4]) | std::uint32_t(block[i * 4 + 1]) << 8 |
               std::uint32_t(block[i * 4 + 2]) << 16 | std::uint32_t(block[i * 4 + 3]) << 24;
  }
  auto [a, b, c, d] = state;
  const auto step = [&](std::uint32_t f, int i, int g) {
    const std::uint32_t next = b + rotate_left(a + f + kSines[i] + words[g], kShifts[i]);
    a = d, d = c, c = b, b = next;
  };
  for (int i = 0; i < 16; ++i) step((b & c) | (~b & d), i, i);
  for (int i = 16; i < 32; ++i) step((d & b) | (~d & c), i, (5 * i + 1) % 16);
  for (int i = 32; i < 48; ++i) step(b ^ c ^ d, i, (3 * i + 5) % 16);
  for (int i = 48; i < 64; ++i) step(c ^ (b | ~d), i, (7 * i) % 16);
  state[0] += a, state[1] += b, state[2] += c, state[3] += d;
}

}  // namespace

std::string md5_hex(std::string_view data) {
  std::array<std::uint32_t, 4> state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  // The whole blocks are read where they are; only the tail is copied, to be padded (RFC 1321, 3.1-3.2):
  // 0x80, zeros, then the length in bits, in one block, or two when fewer than 8 bytes are left for it.
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  const std::size_t whole = data.size() / 64 * 64;
  for (std::size_t off = 0; off < whole; off += 64) process_block(bytes + off, state);
  std::array<unsigned char, 128> tail{};
  const std::size_t rest = data.size() - whole;
  if (rest > 0) std::memcpy(tail.data(), bytes + whole, rest);
  tail[rest] = 0x80;
  const std::size_t tail_size = rest < 56 ? 64 : 128;
  const std::uint64_t bit_length = std::uint64_t(data.size()) * 8;
  for (std::size_t i = 0; i < 8; ++i) tail[tail_size - 8 + i] = (bit_length >> (8 * i)) & 0xff;
  for (std::size_t off = 0; off < tail_size; off += 64) process_block(tail.data() + off, state);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(32, '0');
  std::size_t at = 0;
  for (std::uint32_t word : state) {
    for (int byte = 0; byte < 4; ++byte) {
      const unsigned v = (word >> (8 * byte)) & 0xff;
      out[at++] = kHex[v >> 4];
      out[at++] = kHex[v & 0xf];
    }
  }
  return out;
}

}  // namespace ferry
