// Splitting http:// and https:// URLs for a request, and percent-encoding query values (http_client.h).
#include <string>

#include "http/http_client.h"

namespace ferry::http {

namespace {

bool is_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

Result<HttpUrl> parse_http_url(const std::string& url) {
  HttpUrl parts;
  parts.tls = url.starts_with("https://");
  if (!parts.tls && !url.starts_with("http://")) return make_error(url + ": not an http:// or https:// URL");
  const std::size_t authority_start = parts.tls ? 8 : 7;
  const std::size_t authority_end = url.find_first_of("/?", authority_start);
  const std::string authority = url.substr(authority_start, authority_end - authority_start);
  if (authority.find('@') != std::string::npos) {
    return make_error(url + ": credentials in the URL are not supported; use an Authorization header");
  }
  parts.target = authority_end == std::string::npos ? "/" : url.substr(authority_end);
  if (parts.target.front() == '?') parts.target.insert(0, "/");
  const bool bracketed = authority.starts_with('[');  // an IPv6 literal: [::1]:9090
  const std::size_t host_end = bracketed ? authority.find(']') : authority.find(':');
  if (bracketed && host_end == std::string::npos) return make_error(url + ": unclosed '[' in the host");
  parts.host = bracketed ? authority.substr(1, host_end - 1) : authority.substr(0, host_end);
  const std::size_t colon = bracketed ? host_end + 1 : host_end;
  const bool has_port = colon < authority.size() && authority[colon] == ':';
  parts.port = has_port ? authority.substr(colon + 1) : (parts.tls ? "443" : "80");
  if (bracketed && colon < authority.size() && authority[colon] != ':') {
    return make_error(url + ": unexpected text after the host");
  }
  if (parts.host.empty()) return make_error(url + ": no host");
  if (!is_digits(parts.port)) return make_error(url + ": the port must be a number");
  return parts;
}

std::string url_encode(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unreserved = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
                            (byte >= '0' && byte <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved) {
      encoded += c;
    } else {
      encoded += {'%', kHex[byte >> 4], kHex[byte & 0xF]};
    }
  }
  return encoded;
}

}  // namespace ferry::http
