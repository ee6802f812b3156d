#include "writer/transport_errors.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace ferry::writer {
namespace {

bool contains(std::string_view text, std::string_view part) {
  const auto lower = [](unsigned char c) { return std::tolower(c); };
  return std::search(text.begin(), text.end(), part.begin(), part.end(),
                     [&](char a, char b) { return lower(a) == lower(b); }) != text.end();
}

bool any_of(std::string_view text, std::initializer_list<std::string_view> parts) {
  return std::any_of(parts.begin(), parts.end(), [&](std::string_view part) { return contains(text, part); });
}

}  // namespace

Error transport_error(const StoreUrl& url, const TransportFailure& failure) {
  if (!failure.callback_failure.empty()) return make_error(redact_url(failure.callback_failure));
  const std::string_view message = failure.libgit2_message;
  const std::string& where = url.display;
  if (any_of(message, {"too many redirects or authentication replays", "authentication required",
                       "unexpected authentication failure", "failed to authenticate ssh session"})) {
    return make_error("authentication failed for " + where +
                      (url.transport == StoreTransport::kSsh ? ": check the user and the ssh key"
                                                             : ": check the username and password/token"));
  }
  if (contains(message, "connection refused"))
    return make_error("cannot reach " + where + ": connection refused");
  if (any_of(message, {"failed to resolve address", "name or service not known"})) {
    return make_error("cannot reach " + where + ": unknown host " + url.host);
  }
  if (contains(message, "timed out")) return make_error("cannot reach " + where + ": connection timed out");
  const std::string cause = redact_url(message.empty() ? "unknown libgit2 error" : message);
  if (any_of(message, {"early eof", "unexpected eof", "connection reset", "broken pipe", "hung up",
                       "unexpected disconnect", "failed to receive", "failed to send"})) {
    return make_error(failure.doing + " " + failure.store + ": the connection was lost (" + cause + ")");
  }
  return make_error(failure.doing + " " + failure.store + ": " + cause);
}

}  // namespace ferry::writer
