// What one pipeline's platform API needs that does not depend on the pipeline, made before it: its own
// network namespace (pipeline_network.h) with the server prepared on its listener at 127.0.0.1:<port> (the
// TLS context of a fresh CA's serving certificate, the server's thread; api_server.h), a fresh bearer
// token, and the service-account directory holding the token and the CA's certificate as ca.crt
// (service_account_files.h). The serving key stays inside the prepared server. A kit serves one pipeline
// only; api_kit_pool.h makes them ahead, off the container start's path.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "api/api_server.h"
#include "api/pipeline_network.h"
#include "api/service_account_files.h"
#include "core/error.h"

namespace ferry::api {

struct ApiKit {
  OwnedDescriptor namespace_handle;  // PipelineNetwork's; its listener is the server's
  std::string namespace_path;        // PipelineNetwork::namespace_path()
  PreparedServer server;
  std::string token;
  std::optional<ServiceAccountFiles> account;  // none when made without an accounts directory
};

// A kit listening on `port`, with its service-account directory below `accounts` ("": none). Errors are
// those of the step that failed (the namespace's name its system call and reason).
Result<ApiKit> make_api_kit(std::uint16_t port, const std::filesystem::path& accounts = {});

}  // namespace ferry::api
