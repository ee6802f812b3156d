#include "writer/store_url.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

namespace ferry::writer {
namespace {

constexpr std::string_view kTokenEnd = " \t\r\n\"'<>`";

bool is_ssh_scheme(std::string_view scheme) {
  return scheme == "ssh" || scheme == "ssh+git" || scheme == "git+ssh";
}

// The position of the '@' that ends the userinfo of `rest` (the text after "://"), or npos. A '@' after
// the first '/' belongs to the path, unless a ':' before that '/' shows a password containing '/'.
std::size_t userinfo_end(std::string_view rest) {
  const std::size_t at = rest.rfind('@');
  if (at == std::string_view::npos) return at;
  const std::size_t slash = rest.find('/');
  if (slash == std::string_view::npos || at < slash) return at;
  const std::size_t colon = rest.find(':');
  return colon < slash ? at : std::string_view::npos;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

std::string percent_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    unsigned value = 0;
    if (text[i] == '%' && i + 2 < text.size() &&
        std::from_chars(text.data() + i + 1, text.data() + i + 3, value, 16).ptr == text.data() + i + 3) {
      out += static_cast<char>(value);
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

Error invalid(const std::string& url, const std::string& reason) {
  return make_error("invalid state store URL \"" + redact_url(url) + "\": " + reason);
}

// host[:port] or [v6][:port] into `parsed`, with `default_port` when none is given.
Status split_host_port(std::string_view host_port, int default_port, const std::string& url,
                       StoreUrl& parsed) {
  std::string_view port_text;
  if (host_port.starts_with('[')) {
    const std::size_t close = host_port.find(']');
    if (close == std::string_view::npos) return invalid(url, "no host");
    parsed.host = std::string(host_port.substr(1, close - 1));
    if (close + 1 < host_port.size() && host_port[close + 1] == ':') port_text = host_port.substr(close + 2);
  } else {
    const std::size_t colon = host_port.rfind(':');
    parsed.host = std::string(host_port.substr(0, colon));
    if (colon != std::string_view::npos) port_text = host_port.substr(colon + 1);
  }
  if (parsed.host.empty()) return invalid(url, "no host");
  parsed.port = default_port;
  if (port_text.empty()) return ok();
  const auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), parsed.port);
  if (ec != std::errc() || end != port_text.data() + port_text.size() || parsed.port <= 0 ||
      parsed.port > 65535) {
    return invalid(url, "invalid port \"" + std::string(port_text) + "\"");
  }
  return ok();
}

Result<StoreUrl> parse_network(const std::string& url, const std::string& scheme, std::string_view rest) {
  static const std::map<std::string, std::pair<StoreTransport, int>> kSchemes = {
      {"git", {StoreTransport::kGit, 9418}},   {"https", {StoreTransport::kHttps, 443}},
      {"http", {StoreTransport::kHttp, 80}},   {"ssh", {StoreTransport::kSsh, 22}},
      {"ssh+git", {StoreTransport::kSsh, 22}}, {"git+ssh", {StoreTransport::kSsh, 22}}};
  const auto known = kSchemes.find(scheme);
  if (known == kSchemes.end()) {
    return invalid(
        url, "unsupported scheme \"" + scheme + "\" (use https://, ssh://, git://, file:// or a local path)");
  }
  StoreUrl parsed;
  parsed.transport = known->second.first;
  const std::size_t at = userinfo_end(rest);
  const std::string_view userinfo = at == std::string_view::npos ? std::string_view() : rest.substr(0, at);
  const std::string_view located = at == std::string_view::npos ? rest : rest.substr(at + 1);
  const std::size_t colon = userinfo.find(':');
  parsed.username = percent_decode(userinfo.substr(0, colon));
  if (colon != std::string_view::npos) parsed.password = percent_decode(userinfo.substr(colon + 1));
  const std::size_t slash = located.find('/');
  if (auto split = split_host_port(located.substr(0, slash), known->second.second, url, parsed); !split) {
    return split.error();
  }
  if (slash == std::string_view::npos || slash + 1 >= located.size())
    return invalid(url, "no repository path");
  const bool keep_user = is_ssh_scheme(scheme) && !userinfo.empty();
  parsed.remote =
      scheme + "://" + (keep_user ? std::string(userinfo.substr(0, colon)) + "@" : "") + std::string(located);
  parsed.display = parsed.remote;
  return parsed;
}

// user@host:path, with nothing before the ':' containing '/'.
bool is_scp_like(const std::string& url) {
  const std::size_t at = url.find('@');
  const std::size_t colon = url.find(':');
  return at != std::string::npos && at > 0 && colon != std::string::npos && at + 1 < colon &&
         colon + 1 < url.size() && url.find('/') > colon;
}

}  // namespace

Result<StoreUrl> parse_store_url(const std::string& url, const std::filesystem::path& platform_root) {
  if (url.empty()) return make_error("invalid state store URL \"\": empty URL");
  const std::size_t separator = url.find("://");
  if (separator != std::string::npos) {
    const std::string scheme = lower(std::string_view(url).substr(0, separator));
    std::string_view rest = std::string_view(url).substr(separator + 3);
    if (scheme != "file") return parse_network(url, scheme, rest);
    if (rest.starts_with("localhost/")) rest.remove_prefix(9);
    if (!rest.starts_with('/')) return invalid(url, "file:// needs an absolute path (file:///path)");
    StoreUrl parsed{
        StoreTransport::kFile, url, url, std::filesystem::path(rest).lexically_normal(), "", 0, "", ""};
    return parsed;
  }
  StoreUrl parsed;
  if (is_scp_like(url)) {
    parsed.transport = StoreTransport::kSsh;
    parsed.username = url.substr(0, url.find('@'));
    parsed.host = url.substr(url.find('@') + 1, url.find(':') - url.find('@') - 1);
    parsed.port = 22;
    parsed.remote = parsed.display = url;
    return parsed;
  }
  const std::filesystem::path path(url);
  parsed.local_path = (path.is_absolute() ? path : platform_root / path).lexically_normal();
  parsed.display = parsed.local_path.string();
  return parsed;
}

std::string redact_url(std::string_view text) {
  std::string out;
  std::size_t pos = 0;
  for (std::size_t found = text.find("://"); found != std::string_view::npos; found = text.find("://", pos)) {
    std::size_t scheme_begin = found;
    while (scheme_begin > 0 &&
           (std::isalnum(static_cast<unsigned char>(text[scheme_begin - 1])) != 0 ||
            std::string_view("+.-").find(text[scheme_begin - 1]) != std::string_view::npos)) {
      --scheme_begin;
    }
    const std::string scheme = lower(text.substr(scheme_begin, found - scheme_begin));
    const std::size_t start = found + 3;
    const std::size_t token_end = std::min(text.find_first_of(kTokenEnd, start), text.size());
    const std::size_t at = userinfo_end(text.substr(start, token_end - start));
    out.append(text.substr(pos, start - pos));
    pos = start;
    if (at == std::string_view::npos) continue;
    const std::string_view userinfo = text.substr(start, at);
    if (is_ssh_scheme(scheme)) out.append(userinfo.substr(0, userinfo.find(':'))).append("@");
    pos = start + at + 1;
  }
  out.append(text.substr(pos));
  return out;
}

}  // namespace ferry::writer
