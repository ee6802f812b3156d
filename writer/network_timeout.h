// How long ferry waits on a Git server: a connection must be made within `connect`, once made, a read or
// write that moves no byte for `idle` fails, and a whole fetch or push over the network must end within
// `idle` of its start (OperationDeadline in timeout_stream.h). libgit2 1.5 has no timeout of its own (1.7
// added GIT_OPT_SET_SERVER_TIMEOUT), so every TCP connection it opens goes through ferry's stream
// (writer/timeout_stream.cpp). Process-wide: `--network-timeout` / FERRY_NETWORK_TIMEOUT set it once.
#pragma once

#include <chrono>

namespace ferry::writer {

inline constexpr int kDefaultNetworkTimeoutSeconds = 60;

struct NetworkTimeouts {
  std::chrono::milliseconds connect{std::chrono::seconds(kDefaultNetworkTimeoutSeconds)};
  std::chrono::milliseconds idle{std::chrono::seconds(kDefaultNetworkTimeoutSeconds)};
};

// Applies to connections opened afterwards; safe from any thread.
void set_network_timeouts(NetworkTimeouts timeouts);
NetworkTimeouts network_timeouts();

}  // namespace ferry::writer
