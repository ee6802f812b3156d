// A network namespace of its own for one pipeline's platform API (issue 24, item 1): made by a short-lived
// thread (or a NetworkMovableThread, below) that unshares its network namespace, brings its loopback up and
// opens the listening socket on 127.0.0.1:<port> inside it. Only processes that join the namespace reach the
// listener; the host's other processes and other pipelines do not. The namespace lives while its handle or
// the listener is open; containers join it through namespace_path() (podman `--network ns:PATH`, runc's
// `namespaces` path, a process that calls setns before starting bubblewrap). Needs CAP_SYS_ADMIN (root).
#pragma once

#include <cstdint>
#include <string>

#include "core/error.h"

namespace ferry::api {

// Closes the descriptor it holds when it goes; -1 holds none.
class OwnedDescriptor {
 public:
  explicit OwnedDescriptor(int descriptor = -1) : descriptor_(descriptor) {}
  ~OwnedDescriptor();
  OwnedDescriptor(OwnedDescriptor&& other) noexcept : descriptor_(other.release()) {}
  OwnedDescriptor& operator=(OwnedDescriptor&& other) noexcept;
  OwnedDescriptor(const OwnedDescriptor&) = delete;
  OwnedDescriptor& operator=(const OwnedDescriptor&) = delete;

  int get() const { return descriptor_; }
  // Gives the descriptor up (the caller closes it from now on).
  int release();

 private:
  int descriptor_;
};

struct PipelineNetwork {
  OwnedDescriptor namespace_handle;  // /proc/thread-self/ns/net of the making thread
  OwnedDescriptor listener;          // listening on 127.0.0.1:<port> inside it; ApiServer::start takes it
  // "/proc/<ferry's pid>/fd/<handle>": the namespace for a process that joins it.
  std::string namespace_path() const;
};

// Errors name the step and the system's reason, e.g. "cannot make the pipeline's network namespace:
// unshare: Operation not permitted". Made on a short-lived thread of its own, unless the calling thread is
// a NetworkMovableThread: then that thread moves into the new namespace itself.
Result<PipelineNetwork> make_pipeline_network(std::uint16_t port);

// Declares, while it lives, that the constructing thread does nothing whose network namespace matters (it
// opens no socket but through make_pipeline_network), so that make_pipeline_network moves it into each new
// namespace rather than start and join a thread for it: a thread and two context switches less a
// pipeline. The thread stays in the last namespace made, which keeps that namespace until the thread moves
// on or ends (the kit pool's maker, api_kit_pool.h: it moves on as soon as that kit is handed out). Threads
// it starts meanwhile are in the namespace it is in.
class NetworkMovableThread {
 public:
  NetworkMovableThread();
  ~NetworkMovableThread();
  NetworkMovableThread(const NetworkMovableThread&) = delete;
  NetworkMovableThread& operator=(const NetworkMovableThread&) = delete;
};

}  // namespace ferry::api
