// make_pipeline_network (pipeline_network.h): the namespace is made on a thread of its own (or on a
// NetworkMovableThread itself), because unshare(CLONE_NEWNET) moves only the calling thread; ferry's other
// threads stay in the host's namespace.
#include "api/pipeline_network.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

namespace ferry::api {
namespace {

Error network_error(const std::string& step, int error) {
  return make_error("cannot make the pipeline's network namespace: " + step + ": " + std::strerror(error));
}

Status bring_loopback_up() {
  const OwnedDescriptor control(::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0));
  if (control.get() < 0) return network_error("socket", errno);
  ifreq request{};
  std::strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
  if (::ioctl(control.get(), SIOCGIFFLAGS, &request) != 0) return network_error("SIOCGIFFLAGS lo", errno);
  request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP);
  if (::ioctl(control.get(), SIOCSIFFLAGS, &request) != 0) return network_error("SIOCSIFFLAGS lo", errno);
  return ok();
}

Result<OwnedDescriptor> listen_on_loopback(std::uint16_t port) {
  OwnedDescriptor listener(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (listener.get() < 0) return network_error("socket", errno);
  const int on = 1;
  ::setsockopt(listener.get(), SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(listener.get(), reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    return network_error("bind 127.0.0.1:" + std::to_string(port), errno);
  }
  if (::listen(listener.get(), SOMAXCONN) != 0) return network_error("listen", errno);
  return listener;
}

// Runs on the namespace's own thread.
Result<PipelineNetwork> make_on_this_thread(std::uint16_t port) {
  if (::unshare(CLONE_NEWNET) != 0) return network_error("unshare", errno);
  PipelineNetwork network;
  network.namespace_handle = OwnedDescriptor(::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC));
  if (network.namespace_handle.get() < 0) return network_error("open /proc/thread-self/ns/net", errno);
  if (Status up = bring_loopback_up(); !up) return up.error();
  auto listener = listen_on_loopback(port);
  if (!listener) return listener.error();
  network.listener = std::move(*listener);
  return network;
}

}  // namespace

OwnedDescriptor::~OwnedDescriptor() {
  if (descriptor_ >= 0) ::close(descriptor_);
}

OwnedDescriptor& OwnedDescriptor::operator=(OwnedDescriptor&& other) noexcept {
  if (this != &other) {
    if (descriptor_ >= 0) ::close(descriptor_);
    descriptor_ = other.release();
  }
  return *this;
}

int OwnedDescriptor::release() {
  const int descriptor = descriptor_;
  descriptor_ = -1;
  return descriptor;
}

std::string PipelineNetwork::namespace_path() const {
  return "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(namespace_handle.get());
}

namespace {
thread_local bool this_thread_is_movable = false;  // NetworkMovableThread's
}  // namespace

NetworkMovableThread::NetworkMovableThread() {
  this_thread_is_movable = true;
}

NetworkMovableThread::~NetworkMovableThread() {
  this_thread_is_movable = false;
}

Result<PipelineNetwork> make_pipeline_network(std::uint16_t port) {
  if (this_thread_is_movable) return make_on_this_thread(port);
  std::optional<Result<PipelineNetwork>> made;
  std::thread maker([&made, port] { made.emplace(make_on_this_thread(port)); });
  maker.join();
  return std::move(*made);
}

}  // namespace ferry::api
