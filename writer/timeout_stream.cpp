#include "writer/timeout_stream.h"

#include <fcntl.h>
#include <git2.h>
#include <git2/sys/stream.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>

#include "core/interrupt_flag.h"
#include "writer/libgit2_errors.h"
#include "writer/network_timeout.h"
#include "writer/socket_watchdog.h"

namespace ferry::writer::git {
namespace {

using Clock = std::chrono::steady_clock;

std::atomic<long> connections{0};
thread_local std::optional<StreamTimeout> last_timeout;

// This thread's operation (OperationDeadline): when it must end, how long it may take, and whether any byte
// arrived (a wait that the deadline cut short is then the deadline's timeout, else the server's silence).
struct Operation {
  Clock::time_point deadline;
  std::chrono::milliseconds budget{0};
  bool received = false;
};
thread_local std::optional<Operation> operation;

// Timeouts found by a SocketWatchdog's thread, for the thread that connected the stream.
std::mutex watchdog_timeouts_mutex;
std::map<std::thread::id, StreamTimeout> watchdog_timeouts;

// The first four members are laid out as libgit2 1.5's git_socket_stream (src/libgit2/streams/socket.h):
// its ssh transport reads the socket `s` of the standard stream through that type.
struct TimeoutStream {
  git_stream parent;
  char* host;
  char* port;
  int s;
  char host_text[256];
  char port_text[32];
  NetworkTimeouts timeouts;
  // Until the first read or write through the stream: when no one calls them (ssh), the socket's idle
  // timeout is the watchdog's.
  std::unique_ptr<SocketWatchdog> watchdog;
};
// Checked with g++, the compiler ferry is built with; clang 14 (ci/fuzz) does not count libstdc++'s
// unique_ptr as standard layout, although its layout is the same.
#if !defined(__clang__)
static_assert(std::is_standard_layout_v<TimeoutStream>);
#endif

TimeoutStream* self(git_stream* stream) {
  return reinterpret_cast<TimeoutStream*>(stream);
}

int fail(const std::string& message) {
  git_error_set_str(GIT_ERROR_NET, message.c_str());
  return -1;
}

int timed_out(const TimeoutStream& stream, bool connecting, std::chrono::milliseconds waited) {
  last_timeout = StreamTimeout{stream.host_text, stream.port_text, connecting, waited};
  return fail(std::string("timed out ") + (connecting ? "connecting to " : "waiting for ") +
              stream.host_text);
}

enum class Wait { ready, timed_out, deadline, interrupted, failed };

std::chrono::milliseconds until(Clock::time_point when) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(when - Clock::now());
  return std::max(left, std::chrono::milliseconds(0));
}

// Waits for `events` on the socket for at most `timeout`, the operation's deadline and a signal: failed
// sets errno. A wait the deadline ends reads `deadline` once the operation has received a byte.
Wait wait_for(int socket, short events, std::chrono::milliseconds timeout) {
  const auto limit = Clock::now() + timeout;
  const bool deadline_first = operation && operation->deadline < limit;
  const auto ends = deadline_first ? operation->deadline : limit;
  pollfd fds[2] = {{socket, events, 0}, {interrupt_wake_fd(), POLLIN, 0}};
  for (;;) {
    if (recorded_interrupt() != 0) return Wait::interrupted;
    const int ready = ::poll(fds, fds[1].fd >= 0 ? 2 : 1, static_cast<int>(until(ends).count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) return Wait::failed;
    if (recorded_interrupt() != 0) return Wait::interrupted;
    if (ready > 0) return Wait::ready;
    return deadline_first && operation->received ? Wait::deadline : Wait::timed_out;
  }
}

// The failure of a wait that did not end `ready`.
int wait_failed(const TimeoutStream& st, Wait wait, bool connecting, std::chrono::milliseconds timeout) {
  if (wait == Wait::timed_out) return timed_out(st, connecting, timeout);
  if (wait == Wait::failed) return fail(std::string("error waiting for the socket: ") + std::strerror(errno));
  StreamTimeout why{st.host_text, st.port_text, connecting, std::chrono::milliseconds(0)};
  why.interrupted = wait == Wait::interrupted;
  why.whole_operation = wait == Wait::deadline;
  if (why.whole_operation) why.waited = operation->budget;
  last_timeout = why;
  return fail(why.interrupted ? "interrupted" : std::string("deadline passed waiting for ") + st.host_text);
}

// One address: a non-blocking connect finished within the deadline. 0 connected, else the errno
// (ETIMEDOUT when the deadline passed, EINTR when a signal ended the wait).
int connect_one(const addrinfo& address, Clock::time_point deadline, int& out) {
  const int socket =
      ::socket(address.ai_family, address.ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, address.ai_protocol);
  if (socket < 0) return errno;
  int error = 0;
  if (::connect(socket, address.ai_addr, address.ai_addrlen) != 0) {
    error = errno;
    if (error == EINPROGRESS) {
      const Wait ready = wait_for(socket, POLLOUT, until(deadline));
      socklen_t size = sizeof error;
      if (ready == Wait::timed_out || ready == Wait::deadline)
        error = ETIMEDOUT;
      else if (ready == Wait::interrupted)
        error = EINTR;
      else if (ready == Wait::failed)
        error = errno;
      else if (::getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &size) != 0)
        error = errno;
    }
  }
  if (error != 0) {
    ::close(socket);
    return error;
  }
  out = socket;
  return 0;
}

std::unique_ptr<SocketWatchdog> watch(const TimeoutStream& st) {
  StreamTimeout timeout{st.host_text, st.port_text, false, st.timeouts.idle};
  return std::make_unique<SocketWatchdog>(st.s, st.timeouts.idle,
                                          [timeout, owner = std::this_thread::get_id()] {
                                            const std::lock_guard lock(watchdog_timeouts_mutex);
                                            watchdog_timeouts[owner] = timeout;
                                          });
}

int stream_connect(git_stream* stream) {
  TimeoutStream& st = *self(stream);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* raw = nullptr;
  if (const int rc = ::getaddrinfo(st.host, st.port, &hints, &raw); rc != 0) {
    return fail(std::string("failed to resolve address for ") + st.host + ": " + gai_strerror(rc));
  }
  const std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> addresses(raw, freeaddrinfo);
  const auto started = Clock::now();
  const auto deadline = started + st.timeouts.connect;
  int error = ECONNREFUSED;
  for (const addrinfo* address = raw; address != nullptr && Clock::now() < deadline;
       address = address->ai_next) {
    error = connect_one(*address, deadline, st.s);
    if (error == 0) {
      ++connections;
      st.watchdog = watch(st);
      return 0;
    }
  }
  if (error == EINTR && recorded_interrupt() != 0) return wait_failed(st, Wait::interrupted, true, {});
  if (error == ETIMEDOUT || Clock::now() >= deadline) return timed_out(st, true, st.timeouts.connect);
  return fail(std::string("failed to connect to ") + st.host + ": " + std::strerror(error));
}

ssize_t stream_read(git_stream* stream, void* data, size_t length) {
  TimeoutStream& st = *self(stream);
  st.watchdog.reset();
  for (;;) {
    const Wait ready = wait_for(st.s, POLLIN, st.timeouts.idle);
    if (ready != Wait::ready) return wait_failed(st, ready, false, st.timeouts.idle);
    const ssize_t got = ::recv(st.s, data, length, 0);
    if (got > 0 && operation) operation->received = true;
    if (got >= 0) return got;
    if (errno != EAGAIN && errno != EINTR)
      return fail(std::string("error receiving socket data: ") + std::strerror(errno));
  }
}

// Writes everything (libgit2 accepts a short count, but all of it is simpler for every caller).
ssize_t stream_write(git_stream* stream, const char* data, size_t length, int flags) {
  TimeoutStream& st = *self(stream);
  st.watchdog.reset();
  size_t sent = 0;
  while (sent < length) {
    const Wait ready = wait_for(st.s, POLLOUT, st.timeouts.idle);
    if (ready != Wait::ready) return wait_failed(st, ready, false, st.timeouts.idle);
    const ssize_t put = ::send(st.s, data + sent, length - sent, flags | MSG_NOSIGNAL);
    if (put >= 0)
      sent += static_cast<size_t>(put);
    else if (errno != EAGAIN && errno != EINTR)
      return fail(std::string("error sending data: ") + std::strerror(errno));
  }
  return static_cast<ssize_t>(length);
}

int stream_close(git_stream* stream) {
  TimeoutStream& st = *self(stream);
  st.watchdog.reset();  // joined before the socket closes: it must never touch a reused descriptor
  if (st.s >= 0) ::close(st.s);
  st.s = -1;
  return 0;
}

void stream_free(git_stream* stream) {
  stream_close(stream);
  std::unique_ptr<TimeoutStream> owned(self(stream));
}

bool copy_text(char* out, size_t size, const char* text) {
  if (text == nullptr || std::strlen(text) >= size) return false;
  std::strcpy(out, text);
  return true;
}

int stream_new(git_stream** out, const char* host, const char* port) {
  auto stream = std::make_unique<TimeoutStream>();
  if (!copy_text(stream->host_text, sizeof stream->host_text, host) ||
      !copy_text(stream->port_text, sizeof stream->port_text, port)) {
    return fail("host or port too long");
  }
  stream->parent.version = GIT_STREAM_VERSION;
  stream->parent.connect = stream_connect;
  stream->parent.read = stream_read;
  stream->parent.write = stream_write;
  stream->parent.close = stream_close;
  stream->parent.free = stream_free;
  stream->host = stream->host_text;
  stream->port = stream->port_text;
  stream->s = -1;
  stream->timeouts = network_timeouts();
  *out = &stream.release()->parent;
  return 0;
}

}  // namespace

int register_timeout_stream() {
  git_stream_registration registration{};
  registration.version = GIT_STREAM_VERSION;
  registration.init = stream_new;
  return git_stream_register(GIT_STREAM_STANDARD, &registration);
}

std::optional<StreamTimeout> take_stream_timeout() {
  const std::lock_guard lock(watchdog_timeouts_mutex);
  const auto found = watchdog_timeouts.find(std::this_thread::get_id());
  std::optional<StreamTimeout> watched;
  if (found != watchdog_timeouts.end()) watched = found->second;
  if (found != watchdog_timeouts.end()) watchdog_timeouts.erase(found);
  auto own = std::exchange(last_timeout, std::nullopt);
  return own ? own : watched;
}

OperationDeadline::OperationDeadline(std::optional<std::chrono::milliseconds> budget) {
  if (budget) operation = Operation{Clock::now() + *budget, *budget, false};
}

OperationDeadline::~OperationDeadline() {
  operation.reset();
}

bool operation_must_stop() {
  if (recorded_interrupt() != 0) {
    last_timeout = StreamTimeout{"", "", false, std::chrono::milliseconds(0), false, true};
    return true;
  }
  if (!operation || Clock::now() < operation->deadline) return false;
  last_timeout = StreamTimeout{"", "", false, operation->budget, true, false};
  return true;
}

long timeout_stream_connections() {
  return connections.load();
}

}  // namespace ferry::writer::git
