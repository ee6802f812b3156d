#include "tests/writer/loopback_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>

namespace ferry::writer::testing_network {
namespace {

sockaddr_in loopback(int port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

// A socket bound to a free loopback port, and that port.
int bound_socket(int& port) {
  const int socket = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address = loopback(0);
  socklen_t size = sizeof address;
  if (socket < 0 || ::bind(socket, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      ::getsockname(socket, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error("cannot bind a loopback socket");
  }
  port = ntohs(address.sin_port);
  return socket;
}

// A non-blocking connection to `port`, left to complete (or not) on its own.
int connect_to(int port) {
  const int socket = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  const sockaddr_in address = loopback(port);
  ::connect(socket, reinterpret_cast<const sockaddr*>(&address), sizeof address);
  return socket;
}

// Reads the client's first bytes, then closes the sending side. Closing outright would reset a connection
// whose request arrived unread, so which error the client sees would depend on timing; after this it
// always reads an end of file.
void hang_up(int connection) {
  pollfd fd{connection, POLLIN, 0};
  char request[4096];
  if (::poll(&fd, 1, 2000) > 0) [[maybe_unused]]
    auto got = ::recv(connection, request, sizeof request, 0);
  ::shutdown(connection, SHUT_WR);
}

}  // namespace

LoopbackServer::LoopbackServer(Behaviour behaviour, std::chrono::milliseconds trickle_every,
                               std::chrono::seconds give_up_after)
    : trickle_every_(trickle_every), give_up_after_(give_up_after) {
  listener_ = bound_socket(port_);
  if (behaviour == Behaviour::kNoAccept) {
    // Linux queues backlog + 1 connections and then drops further SYNs: two of our own fill it.
    ::listen(listener_, 0);
    for (int i = 0; i < 2; ++i) held_.push_back(connect_to(port_));
  } else {
    ::listen(listener_, 16);
  }
  thread_ = std::thread([this, behaviour] { serve(behaviour); });
}

void LoopbackServer::serve(Behaviour behaviour) {
  const auto give_up = std::chrono::steady_clock::now() + give_up_after_;
  next_byte_ = std::chrono::steady_clock::now() + trickle_every_;
  while (!stopping_ && std::chrono::steady_clock::now() < give_up) {
    if (behaviour == Behaviour::kTrickling) trickle();
    pollfd fd{listener_, POLLIN, 0};
    if (behaviour == Behaviour::kNoAccept || ::poll(&fd, 1, 50) <= 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      continue;
    }
    const int connection = ::accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
    if (connection < 0) continue;
    ++accepted_;
    if (behaviour == Behaviour::kClosing) hang_up(connection);
    held_.push_back(connection);
  }
  close_all();
}

// One byte to every held connection when its time has come.
void LoopbackServer::trickle() {
  if (std::chrono::steady_clock::now() < next_byte_) return;
  next_byte_ += trickle_every_;
  const std::string header = "0100";
  for (const int connection : held_) {
    std::size_t& sent = trickled_[connection];
    const char byte = sent < header.size() ? header[sent] : 'x';
    if (::send(connection, &byte, 1, MSG_NOSIGNAL | MSG_DONTWAIT) == 1) ++sent;
  }
}

// Closing the listener resets the connections still waiting in its queue.
void LoopbackServer::close_all() {
  for (const int connection : held_) ::close(connection);
  held_.clear();
  if (listener_ >= 0) ::close(listener_);
  listener_ = -1;
}

LoopbackServer::~LoopbackServer() {
  stopping_ = true;
  thread_.join();
}

int unused_port() {
  int port = 0;
  ::close(bound_socket(port));
  return port;
}

}  // namespace ferry::writer::testing_network
