// Loopback TCP ports for tests that start a real server of their own (nginx, Prometheus): one the kernel
// picked as free, and whether something accepts connections on one.
#pragma once

namespace ferry::testing {

// A loopback port that was free a moment ago (the kernel's choice for port 0); a server started on it
// right away gets it unless another process took it meanwhile.
int free_loopback_port();

// Whether something accepts TCP connections on 127.0.0.1:`port` now.
bool loopback_port_listens(int port);

}  // namespace ferry::testing
