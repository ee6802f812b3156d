// make_api_kit (api_kit.h): the namespace first, as it is the step a machine may refuse.
#include "api/api_kit.h"

#include "api/bearer_token.h"

namespace ferry::api {

Result<ApiKit> make_api_kit(std::uint16_t port, const std::filesystem::path& accounts) {
  auto network = make_pipeline_network(port);
  if (!network) return network.error();
  auto tls = make_tls_material();
  if (!tls) return tls.error();
  auto token = make_bearer_token();
  if (!token) return token.error();
  std::optional<ServiceAccountFiles> account;
  if (!accounts.empty()) {
    auto written = ServiceAccountFiles::write(accounts, *token, tls->ca_certificate_pem);
    if (!written) return written.error();
    account.emplace(std::move(*written));
  }
  auto server = ApiServer::prepare(std::move(*tls), network->listener.release());
  if (!server) return server.error();
  const std::string path = network->namespace_path();
  return ApiKit{std::move(network->namespace_handle), path, std::move(*server), std::move(*token),
                std::move(account)};
}

}  // namespace ferry::api
