// parse_target (http_exchange.h): percent-decoding of the path's segments and the query's parameters.
#include "api/http_exchange.h"

#include <optional>

namespace ferry::api {
namespace {

std::optional<int> hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return std::nullopt;
}

// `text` percent-decoded; in a query component '+' is a space.
Result<std::string> percent_decoded(std::string_view text, bool in_query) {
  std::string decoded;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (in_query && text[i] == '+') {
      decoded += ' ';
    } else if (text[i] != '%') {
      decoded += text[i];
    } else {
      const auto high = i + 2 < text.size() ? hex_value(text[i + 1]) : std::nullopt;
      const auto low = i + 2 < text.size() ? hex_value(text[i + 2]) : std::nullopt;
      if (!high || !low) return make_error("invalid percent escape in the request's target");
      decoded += static_cast<char>(*high * 16 + *low);
      i += 2;
    }
  }
  return decoded;
}

Status add_segments(std::string_view path, std::vector<std::string>& segments) {
  std::size_t start = 1;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    auto segment = percent_decoded(path.substr(start, end - start), false);
    if (!segment) return segment.error();
    if (*segment == "." || *segment == "..") return make_error("the request's path may not hold . or ..");
    if (segment->find('/') != std::string::npos || segment->find('\0') != std::string::npos) {
      return make_error("a segment of the request's path may not hold an encoded / or NUL");
    }
    if (!segment->empty()) segments.push_back(std::move(*segment));
    start = end + 1;
  }
  return ok();
}

Status add_parameters(std::string_view query, std::map<std::string, std::string>& parameters) {
  std::size_t start = 0;
  while (start < query.size()) {
    const std::size_t end = std::min(query.find('&', start), query.size());
    const std::string_view pair = query.substr(start, end - start);
    const std::size_t equals = std::min(pair.find('='), pair.size());
    auto name = percent_decoded(pair.substr(0, equals), true);
    auto value = percent_decoded(equals < pair.size() ? pair.substr(equals + 1) : "", true);
    if (!name) return name.error();
    if (!value) return value.error();
    if (!name->empty()) parameters.insert_or_assign(std::move(*name), std::move(*value));
    start = end + 1;
  }
  return ok();
}

}  // namespace

Result<RequestTarget> parse_target(const std::string& target) {
  if (target.empty() || target.front() != '/') return make_error("the request's target must be a path");
  const std::size_t question = std::min(target.find('?'), target.size());
  RequestTarget parsed;
  const std::string_view whole = target;
  if (Status path = add_segments(whole.substr(0, question), parsed.segments); !path) return path.error();
  if (question < target.size()) {
    if (Status query = add_parameters(whole.substr(question + 1), parsed.query); !query) return query.error();
  }
  return parsed;
}

}  // namespace ferry::api
