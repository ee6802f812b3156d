// TCP servers on 127.0.0.1 that misbehave on purpose, for the network timeout tests: each listens on a
// free port and serves from its own thread until destroyed, or for kGiveUpAfter at most: then it closes
// every connection and its listener, so that a ferry without its timeouts fails the test instead of
// hanging it (tests that wait longer pass their own give-up time).
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <map>
#include <thread>
#include <vector>

namespace ferry::writer::testing_network {

enum class Behaviour {
  kSilent,     // accepts every connection and never writes a byte (the connections stay open)
  kClosing,    // accepts and closes at once
  kNoAccept,   // never accepts, its backlog already full: connects to it get no answer at all
  kTrickling,  // accepts and sends each connection one byte per trickle interval: a git pkt-line header of
               // 256 bytes ("0100"), then 'x' after 'x', so a client never times out waiting for one read
};

inline constexpr std::chrono::seconds kGiveUpAfter{20};

class LoopbackServer {
 public:
  explicit LoopbackServer(Behaviour behaviour,
                          std::chrono::milliseconds trickle_every = std::chrono::seconds(2),
                          std::chrono::seconds give_up_after = kGiveUpAfter);
  ~LoopbackServer();
  LoopbackServer(const LoopbackServer&) = delete;
  LoopbackServer& operator=(const LoopbackServer&) = delete;

  int port() const { return port_; }
  int accepted() const { return accepted_.load(); }

 private:
  void serve(Behaviour behaviour);
  void trickle();
  void close_all();

  std::chrono::milliseconds trickle_every_;
  std::chrono::seconds give_up_after_;
  std::chrono::steady_clock::time_point next_byte_;
  std::map<int, std::size_t> trickled_;  // bytes sent so far, by connection

  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> accepted_{0};
  std::vector<int> held_;  // kSilent's open connections; kNoAccept's own connections filling the backlog
  std::thread thread_;
};

// A port of 127.0.0.1 on which nothing listens (bound, then released).
int unused_port();

}  // namespace ferry::writer::testing_network
