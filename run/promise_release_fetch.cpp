// PromiseRelease bodies over HTTP(S), checked and cached in the recorded state (promise_release_fetch.h).
#include "run/promise_release_fetch.h"

#include "core/sha256.h"
#include "platform/release_body.h"

namespace ferry::runner {

namespace {

constexpr const char* kCacheFolder = "releases";

}  // namespace

std::string fetched_cache_path(const PromiseRelease& release) {
  return std::string(kCacheFolder) + "/fetched/" + sha256_hex(release.url + "\n" + release.version) + ".yaml";
}

std::string installed_cache_path(const PromiseRelease& release) {
  return std::string(kCacheFolder) + "/installed/" + release.name + ".yaml";
}

std::optional<std::string> CachedReleaseSource::cached(const std::string& path) {
  if (const auto pending = pending_.find(path); pending != pending_.end()) return pending->second;
  if (!cache_) {
    cache_.emplace();
    auto state = state_ ? state_() : Result<writer::StateStore*>(static_cast<writer::StateStore*>(nullptr));
    if (state && *state != nullptr) {
      auto files = (*state)->read_files(kCacheFolder);
      if (files) *cache_ = std::move(*files);
    }
  }
  const auto found = cache_->find(path);
  if (found == cache_->end()) return std::nullopt;
  return found->second;
}

void CachedReleaseSource::remember(const std::string& path, const std::string& body) {
  if (cached(path) != body) pending_[path] = body;
}

// The release's error; the body it installed before, when there is one, stays installed.
FetchedRelease CachedReleaseSource::failed(const PromiseRelease& release, const std::string& why) {
  FetchedRelease result;
  result.body = cached(installed_cache_path(release));
  result.previous = result.body.has_value();
  result.error =
      make_error(release.where, release_name(release) + ": " + why +
                                    (result.previous ? "; the Promise it installed before stays" : ""));
  return result;
}

FetchedRelease CachedReleaseSource::fetch(const PromiseRelease& release) {
  const std::string key = release.url + "\n" + release.version;
  if (const auto memo = fetched_.find(key); memo != fetched_.end()) return memo->second;
  FetchedRelease result = fetch_uncached(release);
  fetched_.emplace(key, result);
  return result;
}

FetchedRelease CachedReleaseSource::fetch_uncached(const PromiseRelease& release) {
  const std::optional<std::string> copy = cached(fetched_cache_path(release));
  if (!options_.network) {
    if (copy) return FetchedRelease{copy, false, std::nullopt, {}};
    FetchedRelease unchecked;
    unchecked.warnings.push_back(
        make_error(release.where, release_name(release) +
                                      ": not fetched (this command reads only the copies the recorded " +
                                      "state holds, and it has none of " + release.url +
                                      "); its Promise and the requests it serves are not checked"));
    return unchecked;
  }
  if (release.url.starts_with("http://") && !options_.allow_insecure_http) {
    return failed(release,
                  "plain http:// is refused (a Promise fetched without TLS could be altered on the way); " +
                      std::string("use https://, or pass --allow-insecure-http"));
  }
  http::HttpGet get{.timeout = options_.timeout, .max_body_bytes = options_.max_body_bytes};
  if (release.secret_ref) {
    const pipeline::ChainedSecretSource none({});
    const pipeline::SecretRef ref{pipeline::RefKind::secret, release.secret_ref->name,
                                  kAuthorizationHeaderKey, false, release.secret_ref->where};
    auto value = pipeline::resolve_secret(ref, options_.secrets ? *options_.secrets : none);
    if (!value) return failed(release, value.error().message);
    get.authorization = **value;
  }
  auto response = http_.get(release.url, get);
  if (!response && copy) {
    FetchedRelease offline{copy, false, std::nullopt, {}};
    offline.warnings.push_back(
        make_error(release.where, release_name(release) + ": " + response.error().message +
                                      "; installed the copy fetched by an earlier run"));
    return offline;
  }
  if (!response) return failed(release, response.error().message);
  if (response->status != 200) {
    return failed(release, "GET " + release.url + " answered " + std::to_string(response->status) +
                               "; only 200 installs a release (Kratix: FailedToFetchPromise)");
  }
  if (Status checked = check_release_body(release, response->body); !checked) {
    return failed(release, checked.error().message.substr(release_name(release).size() + 2));
  }
  remember(fetched_cache_path(release), response->body);
  remember(installed_cache_path(release), response->body);
  return FetchedRelease{response->body, false, std::nullopt, {}};
}

Status CachedReleaseSource::record() {
  if (pending_.empty() || !state_) return ok();
  auto state = state_();
  if (!state) return state.error();
  if (*state == nullptr) return ok();
  writer::Change change;
  change.message = "ferry: PromiseRelease bodies fetched (" + std::to_string(pending_.size()) + " file(s))";
  for (const auto& [path, body] : pending_) change.files.push_back(writer::FileWrite{path, body});
  auto applied = (*state)->apply(change);
  if (!applied) return applied.error();
  for (auto& [path, body] : pending_) (*cache_)[path] = std::move(body);
  pending_.clear();
  return ok();
}

}  // namespace ferry::runner
