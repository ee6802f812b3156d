// A thread that watches one connected TCP socket ferry's stream handed to code that does its own I/O on
// it (libgit2 1.5's ssh transport gives the socket to libssh2, which reads it without a timeout). When
// no byte has moved either way for `idle` (the kernel's TCP_INFO says when data last went and came), it
// shuts the socket down, so the blocked reader sees the connection end, and calls `on_idle` first.
// Internal to writer/ (timeout_stream.cpp).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <stop_token>
#include <thread>

namespace ferry::writer::git {

class SocketWatchdog {
 public:
  SocketWatchdog(int socket, std::chrono::milliseconds idle, std::function<void()> on_idle);
  // Stops and joins the thread; the socket may be closed afterwards, never before.
  ~SocketWatchdog();
  SocketWatchdog(const SocketWatchdog&) = delete;
  SocketWatchdog& operator=(const SocketWatchdog&) = delete;

 private:
  void watch(std::stop_token stop);

  int socket_;
  std::chrono::milliseconds idle_;
  std::function<void()> on_idle_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;  // last: started once every other member is set
};

}  // namespace ferry::writer::git
