// ferry's standard (TCP) stream for libgit2, registered with git_stream_register(GIT_STREAM_STANDARD) at
// libgit2's initialisation. In libgit2 1.5 the git:// and http(s):// transports do all their socket I/O
// through it (mbedTLS wraps it for https), so connect, read and write honour network_timeout.h. The ssh
// transport (libssh2) only connects through it and then reads the socket itself (through the layout of
// libgit2's own git_socket_stream, which this stream keeps): until the stream's first read or write, a
// SocketWatchdog shuts the socket down after the idle timeout without traffic.
//
// A fetch or push is one operation (OperationDeadline): --network-timeout bounds it as a whole, so a server
// that trickles a byte every few seconds fails at the deadline. Every wait also ends at SIGINT/SIGTERM
// (core/interrupt_flag.h): the stream then fails at once and the operation unwinds. Internal to writer/.
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
  bool whole_operation = false;  // the operation's deadline passed while the server was still sending
  bool interrupted = false;      // SIGINT or SIGTERM ended the wait (`waited` is then 0)
};

// The deadline of the fetch or push on this thread, from construction to destruction: `budget` after
// construction (none for nullopt), every stream wait and libgit2 callback of the operation ends there. Not
// nestable.
class OperationDeadline {
 public:
  explicit OperationDeadline(std::optional<std::chrono::milliseconds> budget);
  ~OperationDeadline();
  OperationDeadline(const OperationDeadline&) = delete;
  OperationDeadline& operator=(const OperationDeadline&) = delete;
};

// For libgit2's progress callbacks (which run while the ssh transport reads its socket itself): whether this
// thread's operation must stop now, because of a signal or its deadline; records why, as a stream timeout.
bool operation_must_stop();

// Returns and forgets this thread's last stream timeout, nullopt when none happened since the last call.
std::optional<StreamTimeout> take_stream_timeout();

// Whether the stream is registered, for tests: the number of connections it has opened in this process.
long timeout_stream_connections();

}  // namespace ferry::writer::git
