#include "writer/transport_errors.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <csignal>

#include "core/interrupt_flag.h"

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

std::string seconds(std::chrono::milliseconds waited) {
  const auto whole = waited.count() / 1000;
  const auto tenths = waited.count() % 1000 / 100;
  std::string text = std::to_string(whole);
  if (tenths != 0) {  // appended: gcc 12 at -O3 reports a false -Wrestrict in `"." + std::string`
    text += '.';
    text += std::to_string(tenths);
  }
  return text;
}

Error timeout_error(const StoreUrl& url, const TransportFailure& failure) {
  const NetworkTimeout& timeout = *failure.timeout;
  const std::string prefix = failure.doing + " " + failure.store + ": ";
  if (timeout.interrupted)
    return make_error(prefix + "interrupted by " + (recorded_interrupt() == SIGINT ? "SIGINT" : "SIGTERM"));
  if (timeout.whole_operation) {
    return make_error(prefix + "not done within " + seconds(timeout.waited) +
                      " s (--network-timeout bounds each fetch and push)");
  }
  const std::string what = timeout.connecting ? "cannot connect to " + timeout.endpoint + " within "
                                              : "no answer from " + timeout.endpoint + " for ";
  return make_error("state store \"" + url.display + "\": " + what + seconds(timeout.waited) +
                    " s (--network-timeout)");
}

}  // namespace

Error transport_error(const StoreUrl& url, const TransportFailure& failure) {
  if (!failure.callback_failure.empty()) return make_error(redact_url(failure.callback_failure));
  if (failure.timeout) return timeout_error(url, failure);
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
                       "unexpected disconnect", "failed to receive", "failed to send",
                       "connection indicated an eof", "failed getting banner",
                       // libgit2 >= 1.8 over git:// when the server closes before sending its refs
                       "could not read refs from remote repository"})) {
    return make_error(failure.doing + " " + failure.store + ": the connection was lost (" + cause + ")");
  }
  return make_error(failure.doing + " " + failure.store + ": " + cause);
}

}  // namespace ferry::writer
