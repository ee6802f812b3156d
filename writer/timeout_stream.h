// ferry's standard (TCP) stream for libgit2, registered with git_stream_register(GIT_STREAM_STANDARD) at
// libgit2's initialisation. In libgit2 1.5 the git:// and http(s):// transports do all their socket I/O
// through it (mbedTLS wraps it for https), so connect, read and write honour network_timeout.h. The ssh
// transport (libssh2) only connects through it and then reads the socket itself (through the layout of
// libgit2's own git_socket_stream, which this stream keeps): until the stream's first read or write, a
// SocketWatchdog shuts the socket down after the idle timeout without traffic. Internal to writer/.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace ferry::writer::git {

// Registers the stream; called once by ensure_initialised() (git_handles.cpp). Returns libgit2's code.
int register_timeout_stream();

// The last timeout of a stream on this thread (libgit2 runs a fetch or push on the caller's thread).
struct StreamTimeout {
  std::string host;
  std::string port;
  bool connecting = false;  // no connection within the connect timeout, else no byte within the idle one
  std::chrono::milliseconds waited{0};
};

// Returns and forgets this thread's last stream timeout, nullopt when none happened since the last call.
std::optional<StreamTimeout> take_stream_timeout();

// Whether the stream is registered, for tests: the number of connections it has opened in this process.
long timeout_stream_connections();

}  // namespace ferry::writer::git
