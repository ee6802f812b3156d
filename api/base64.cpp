// base64_encoded and base64_decoded (base64.h).
#include "api/base64.h"

namespace ferry::api {
namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

}  // namespace

std::string base64_encoded(const std::string& bytes) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t left = bytes.size() - i;
    unsigned chunk = static_cast<unsigned char>(bytes[i]) << 16;
    if (left > 1) chunk |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    if (left > 2) chunk |= static_cast<unsigned char>(bytes[i + 2]);
    text += kAlphabet[(chunk >> 18) & 63];
    text += kAlphabet[(chunk >> 12) & 63];
    text += left > 1 ? kAlphabet[(chunk >> 6) & 63] : '=';
    text += left > 2 ? kAlphabet[chunk & 63] : '=';
  }
  return text;
}

std::optional<std::string> base64_decoded(const std::string& text) {
  if (text.size() % 4 != 0) return std::nullopt;
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const int padding = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
    if (padding == 1 && text[i + 2] == '=') return std::nullopt;  // "x=y=" is no padding
    unsigned chunk = 0;
    for (int j = 0; j < 4 - padding; ++j) {
      const int value = sextet(text[i + j]);
      if (value < 0) return std::nullopt;
      chunk |= static_cast<unsigned>(value) << (18 - 6 * j);
    }
    bytes += static_cast<char>((chunk >> 16) & 255);
    if (padding < 2) bytes += static_cast<char>((chunk >> 8) & 255);
    if (padding < 1) bytes += static_cast<char>(chunk & 255);
  }
  return bytes;
}

}  // namespace ferry::api
