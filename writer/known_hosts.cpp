#include "writer/known_hosts.h"

#include <algorithm>
#include <cstdint>
#include <sstream>

namespace ferry::writer {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// '*' matches any run of characters, '?' any one character (OpenSSH's match_pattern).
bool glob_match(std::string_view pattern, std::string_view text) {
  if (pattern.empty()) return text.empty();
  if (pattern[0] == '*') {
    for (std::size_t skip = 0; skip <= text.size(); ++skip) {
      if (glob_match(pattern.substr(1), text.substr(skip))) return true;
    }
    return false;
  }
  if (text.empty() || (pattern[0] != '?' && pattern[0] != text[0])) return false;
  return glob_match(pattern.substr(1), text.substr(1));
}

// Whether the comma-separated `patterns` name `name`: one positive match and no negated one.
bool hosts_match(std::string_view patterns, const std::string& name) {
  bool matched = false;
  std::size_t begin = 0;
  while (begin <= patterns.size()) {
    const std::size_t end = std::min(patterns.find(',', begin), patterns.size());
    std::string_view pattern = patterns.substr(begin, end - begin);
    const bool negated = pattern.starts_with('!');
    if (negated) pattern.remove_prefix(1);
    if (glob_match(pattern, name)) {
      if (negated) return false;
      matched = true;
    }
    begin = end + 1;
  }
  return matched;
}

std::uint32_t read_u32(std::string_view bytes) {
  std::uint32_t value = 0;
  for (int i = 0; i < 4; ++i) value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

// OpenSSH's known_hosts name of a host on a port other than 22: "[host]:port". Appended rather than
// `"[" + std::string(host) + ...`, in which gcc 12 at -O3 reports a false -Wrestrict.
std::string bracketed_host(std::string_view host, int port) {
  std::string name = "[";
  name += host;
  name += "]:";
  name += std::to_string(port);
  return name;
}
}  // namespace

std::string key_type_of(std::string_view key_blob) {
  if (key_blob.size() < 4) return "";
  const std::uint32_t length = read_u32(key_blob);
  if (length > key_blob.size() - 4) return "";
  return std::string(key_blob.substr(4, length));
}

HostKeyVerdict check_host_key(std::string_view known_hosts, std::string_view host, int port,
                              std::string_view key_blob) {
  const std::string name = port == 22 ? std::string(host) : bracketed_host(host, port);
  const std::string type = key_type_of(key_blob);
  bool known = false;
  bool changed = false;
  std::istringstream lines{std::string(known_hosts)};
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string marker, patterns, key_type, key_text;
    fields >> patterns;
    if (patterns.starts_with('@')) {
      marker = patterns;
      fields >> patterns;
    }
    fields >> key_type >> key_text;
    if (patterns.empty() || patterns.starts_with('#') || patterns.starts_with('|') || key_text.empty())
      continue;
    if ((!marker.empty() && marker != "@revoked") || !hosts_match(patterns, name) || key_type != type)
      continue;
    const bool same = base64_decode(key_text) == std::string(key_blob);
    if (marker == "@revoked") {
      if (same) return HostKeyVerdict::kRevoked;
      continue;
    }
    (same ? known : changed) = true;
  }
  if (known) return HostKeyVerdict::kKnown;
  return changed ? HostKeyVerdict::kChanged : HostKeyVerdict::kUnknown;
}

std::string base64_encode(std::string_view bytes) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (const char c : bytes) {
    buffer = (buffer << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 6) out += kAlphabet[(buffer >> (bits -= 6)) & 0x3F];
  }
  if (bits > 0) out += kAlphabet[(buffer << (6 - bits)) & 0x3F];
  while (out.size() % 4 != 0) out += '=';
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  while (text.ends_with('=')) text.remove_suffix(1);
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (const char c : text) {
    const std::size_t value = kAlphabet.find(c);
    if (value == std::string_view::npos) return std::nullopt;
    buffer = (buffer << 6) | static_cast<std::uint32_t>(value);
    bits += 6;
    if (bits >= 8) out += static_cast<char>((buffer >> (bits -= 8)) & 0xFF);
  }
  return out;
}

}  // namespace ferry::writer
