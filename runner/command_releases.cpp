// A command's PromiseRelease source (command_releases.h).
#include "runner/command_releases.h"

namespace ferry::runner {

namespace {

ReleaseFetchOptions fetch_options(const StoreCommandOptions& stores, const pipeline::SecretSource* secrets,
                                  bool network) {
  ReleaseFetchOptions options;
  options.network = network;
  options.allow_insecure_http = stores.allow_insecure_http;
  options.secrets = secrets;
  return options;
}

}  // namespace

CommandReleases::CommandReleases(const StoreCommandOptions& stores, const pipeline::SecretSource* secrets,
                                 ReleaseCacheStore state, bool network)
    : http_(http::TlsTrust{stores.release_ca_file}),
      source_(http_, std::move(state), fetch_options(stores, secrets, network)) {}

std::vector<std::string> rendered(const std::vector<Error>& release_errors) {
  std::vector<std::string> texts;
  for (const Error& error : release_errors) texts.push_back(error.render());
  return texts;
}

}  // namespace ferry::runner
