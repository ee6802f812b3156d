// A command's PromiseRelease source (docs/lifecycle.md, "Releases"): HTTP(S) through http/'s BeastHttpClient
// trusting the system's CAs and --release-ca-file (FERRY_RELEASE_CA_FILE), the Authorization header from the
// run's secrets, and the recorded state's cache (run/promise_release_fetch.h). reconcile and plan fetch;
// validate reads the cache alone.
#pragma once

#include <string>
#include <vector>

#include "http/http_client.h"
#include "pipeline/secrets.h"
#include "run/promise_release_fetch.h"
#include "runner/command_options.h"

namespace ferry::runner {

class CommandReleases {
 public:
  CommandReleases(const StoreCommandOptions& stores, const pipeline::SecretSource* secrets,
                  ReleaseCacheStore state, bool network);
  CommandReleases(const CommandReleases&) = delete;
  CommandReleases& operator=(const CommandReleases&) = delete;

  ReleaseSource* source() { return &source_; }
  // What was fetched that the cache lacked, committed to the state (reconcile only).
  Status record() { return source_.record(); }

 private:
  http::BeastHttpClient http_;
  CachedReleaseSource source_;
};

// The load's release errors as the run report carries them (run/run_report.h release_errors).
std::vector<std::string> rendered(const std::vector<Error>& release_errors);

}  // namespace ferry::runner
