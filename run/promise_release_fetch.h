// Where PromiseRelease bodies come from in a run (reference §3.4): GET over HTTP(S) with TLS verified and
// the Secret's `authorizationHeader` as the Authorization header, every body checked before it counts,
// and a cache in the recorded state, so a run without network installs the copy fetched before:
//   releases/fetched/<sha256 of URL and spec.version>.yaml   the body last fetched for that URL and version
//   releases/installed/<release>.yaml                         the body the release last installed
// A failed fetch (no answer and nothing cached, a status other than 200, a body that is not the release's
// Promise) is the release's error; the Promise it installed before stays installed, as Kratix keeps it.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "http/http_client.h"
#include "pipeline/secrets.h"
#include "platform/promise_release.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct ReleaseFetchOptions {
  bool network = true;  // false: the cache alone (`ferry validate`); a release it lacks is not checked
  bool allow_insecure_http = false;                 // plain http:// URLs are refused unless set
  std::chrono::milliseconds timeout{10'000};        // Kratix's
  std::size_t max_body_bytes = 4u << 20;            // a Promise larger than 4 MiB is refused
  const pipeline::SecretSource* secrets = nullptr;  // for spec.sourceRef.secretRef; null: none
};

// The recorded state whose releases/ cache is read and written; null: no state, no cache.
using ReleaseCacheStore = std::function<Result<writer::StateStore*>()>;

class CachedReleaseSource final : public ReleaseSource {
 public:
  CachedReleaseSource(http::HttpClient& http, ReleaseCacheStore state, ReleaseFetchOptions options)
      : http_(http), state_(std::move(state)), options_(options) {}

  // Each URL and version is fetched once per run (compound passes load the platform again).
  FetchedRelease fetch(const PromiseRelease& release) override;

  // Commits the bodies fetched that the cache did not hold yet, in one commit to the state (nothing when
  // nothing is new, or without a state). `ferry reconcile` calls it; `ferry plan` records nothing.
  Status record();

 private:
  FetchedRelease fetch_uncached(const PromiseRelease& release);
  FetchedRelease failed(const PromiseRelease& release, const std::string& why);
  std::optional<std::string> cached(const std::string& path);
  void remember(const std::string& path, const std::string& body);

  http::HttpClient& http_;
  ReleaseCacheStore state_;
  ReleaseFetchOptions options_;
  std::map<std::string, FetchedRelease> fetched_;            // by URL and version, this run
  std::optional<std::map<std::string, std::string>> cache_;  // releases/ of the state, read once
  std::map<std::string, std::string> pending_;               // what record() writes
};

// The cache paths of a release (exposed for tests).
std::string fetched_cache_path(const PromiseRelease& release);
std::string installed_cache_path(const PromiseRelease& release);

}  // namespace ferry::runner
