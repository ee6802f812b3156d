// The requests of a load resolved against their Promises, through the load cache when it has them
// (deferred_requests.h).
#include "platform/deferred_requests.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/message_text.h"
#include "pipeline/openapi_validate.h"
#include "platform/moved_lines.h"
#include "platform/object_parsers.h"
#include "platform/scheduling_objects.h"
#include "platform/validation.h"

namespace ferry::runner {
namespace {

// What a request whose kind no Promise provides is, when a PromiseRelease did not install: waiting on the
// failed ones (a release error: the run goes on without it), or not checked beside unfetched ones (a
// warning). False when every release installed.
bool waits_on_release(const YamlDocument& doc, const std::string& kind, const std::string& group,
                      const Deferred& deferred, LoadResult& result) {
  const auto& failed = deferred.releases.failed;
  const auto& unfetched = deferred.releases.unfetched;
  if (failed.empty() && unfetched.empty()) return false;
  auto joined = [](const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
  };
  const std::string unserved = "no Promise provides kind " + shortened(kind) + " in group " + group;
  if (!failed.empty()) {
    result.release_errors.push_back(make_error(location_of(doc.node, doc.file),
                                               unserved + "; not run: " + joined(failed) +
                                                   " failed and may serve it (its error is listed with it)"));
  } else {
    result.warnings.push_back(make_error(
        location_of(doc.node, doc.file),
        "not checked: " + unserved + "; " + joined(unfetched) + " was not fetched and may serve it"));
  }
  return true;
}

// Kubernetes' own groups ("" for v1, "apps", "rbac.authorization.k8s.io"): not requests, just skipped.
bool is_kubernetes_group(const std::string& group) {
  return group.find('.') == std::string::npos || group.ends_with(".k8s.io");
}

// Every kind ferry reads, with its group: its own, the scheduling kinds and each Promise's request kind.
std::vector<std::pair<std::string, std::string>> known_kinds(const Platform& platform) {
  std::vector<std::pair<std::string, std::string>> kinds;
  for (const auto& [kind, handler] : platform_kinds()) kinds.emplace_back(kind, kKratixGroup);
  for (const auto& [kind, handler] : scheduling_kinds()) kinds.emplace_back(kind, kSchedulingGroup);
  for (const auto& promise : platform.promises) {
    if (promise.api) kinds.emplace_back(promise.api->kind, promise.api->group);
  }
  return kinds;
}

// The error of a request whose kind no Promise provides, when something failed to load before it.
std::optional<std::string> failed_provider(const std::string& kind, const std::string& group,
                                           const Deferred& deferred) {
  for (const FailedPromise& p : deferred.failed_promises) {
    if (p.kind == kind && p.group == group) {
      return "kind " + shortened(kind) + " in group " + group + " is served by Promise \"" + p.name +
             "\" at " + p.where +
             ", which failed to load (its errors are listed with it); fix the Promise first";
    }
  }
  std::string causes;
  for (const FailedPromise& p : deferred.failed_promises) causes += (causes.empty() ? "" : ", ") + p.where;
  for (const std::string& file : deferred.unparsed_files) causes += (causes.empty() ? "" : ", ") + file;
  if (causes.empty()) return std::nullopt;
  return "no Promise provides kind " + shortened(kind) + " in group " + group +
         "; a Promise that failed to load, or a file that did not parse, may be the one that serves it (" +
         causes + "): fix those first";
}

// The error of a request whose kind no Promise provides and nothing that failed to load may provide.
Error unserved_error(const YamlDocument& doc, const std::string& kind, const std::string& group,
                     const Platform& platform) {
  if (const std::string suggestion = did_you_mean(kind, group, platform); !suggestion.empty()) {
    return make_error(location_of(child(doc.node, "kind"), doc.file),
                      "no Promise provides kind " + shortened(kind) + " in group " + group + suggestion);
  }
  return make_error(location_of(doc.node, doc.file), "no Promise provides kind " + shortened(kind) +
                                                         " in group " + group +
                                                         "; declare a Promise whose spec.api serves it");
}

// The Promise serving requests of `group`/`kind`, or null.
const pipeline::Promise* serving_promise(const Platform& platform, const std::string& group,
                                         const std::string& kind) {
  const auto promise = std::find_if(
      platform.promises.begin(), platform.promises.end(),
      [&](const pipeline::Promise& p) { return p.api && p.api->group == group && p.api->kind == kind; });
  return promise == platform.promises.end() ? nullptr : &*promise;
}

// A request document checked in full: its errors appended to `result`; the cache entry it leaves (with the
// errors it gave) when a Promise serves it, else nullopt.
std::optional<CachedRequest> resolve_request(const YamlDocument& doc, const Deferred& deferred,
                                             LoadResult& result) {
  const std::string api_version = child(doc.node, "apiVersion").Scalar();
  const std::string kind = child(doc.node, "kind").Scalar();
  const std::string group = group_of(api_version);
  if (const pipeline::Promise* promise = serving_promise(result.platform, group, kind)) {
    const std::size_t first_error = result.errors.size();
    check_metadata(doc, NameRule::request_name, result.errors);
    auto request = checked_request(doc, *promise, api_version, result.errors);
    CachedRequest cached{load_cache_promise_digest(*promise),
                         group,
                         kind,
                         {result.errors.begin() + static_cast<long>(first_error), result.errors.end()},
                         nullptr};
    if (request) result.platform.requests.push_back(std::move(*request));
    if (request) cached.request = std::make_shared<const pipeline::Request>(result.platform.requests.back());
    return cached;
  }
  if (is_kubernetes_group(group)) {
    result.warnings.push_back(make_error(location_of(doc.node, doc.file),
                                         "skipped " + api_version + " " + kind + ": not a Kratix object"));
  } else if (const auto failed = failed_provider(kind, group, deferred)) {
    // Its own errors still count: the metadata rules need no Promise.
    check_metadata(doc, NameRule::request_name, result.errors);
    result.errors.push_back(make_error(location_of(doc.node, doc.file), *failed));
  } else if (waits_on_release(doc, kind, group, deferred, result)) {
    check_metadata(doc, NameRule::request_name, result.errors);
  } else {
    check_metadata(doc, NameRule::request_name, result.errors);
    result.errors.push_back(unserved_error(doc, kind, group, result.platform));
    result.unserved_requests.push_back({kind, group, result.errors.back()});
  }
  return std::nullopt;
}

// A cached request whose Promise is the one it was checked against: what checking it gave, again.
bool reuse_request(const CachedRequest& cached,
                   const std::map<const pipeline::Promise*, std::string>& digests, LoadResult& result) {
  const pipeline::Promise* promise = serving_promise(result.platform, cached.group, cached.kind);
  if (!promise || digests.at(promise) != cached.promise_digest) return false;
  result.errors.insert(result.errors.end(), cached.errors.begin(), cached.errors.end());
  if (cached.request) result.platform.requests.push_back(*cached.request);
  return true;
}

// The document of a deferred request, parsed when it was taken from the cache (each file once).
// A file the stat index left unread (stat_index.h) is read now.
const YamlDocument* document_of(DeferredRequest& deferred,
                                std::map<std::string, std::vector<YamlDocument>>& parsed,
                                LoadCacheUse* cache) {
  if (deferred.doc) return &*deferred.doc;
  auto found = parsed.find(deferred.file->path);
  if (found == parsed.end()) {
    const bool unread = cache && cache->unread.contains(deferred.file->path);
    auto documents = parse_yaml_stream(unread ? cache->read_text(deferred.file->path) : deferred.file->text,
                                       deferred.file->path);
    found =
        parsed.emplace(deferred.file->path, documents ? std::move(*documents) : std::vector<YamlDocument>{})
            .first;
  }
  return deferred.index < found->second.size() ? &found->second[deferred.index] : nullptr;
}

}  // namespace

std::optional<pipeline::Request> checked_request(const YamlDocument& doc, const pipeline::Promise& promise,
                                                 const std::string& api_version, std::vector<Error>& errors) {
  const pipeline::ApiRef& api = *promise.api;
  const std::string version = api_version.substr(api_version.find('/') + 1);
  if (std::find(api.served_versions.begin(), api.served_versions.end(), version) ==
      api.served_versions.end()) {
    std::string served;
    for (const auto& v : api.served_versions) served += (served.empty() ? "" : ", ") + v;
    errors.push_back(make_error(location_of(child(doc.node, "apiVersion"), doc.file),
                                "Promise " + promise.name + " does not serve version " + version + " of " +
                                    api.kind + "; it serves " + (served.empty() ? "none" : served)));
    return std::nullopt;
  }
  const auto schema = api.schemas.find(version);
  if (schema != api.schemas.end()) {
    std::vector<Error> problems = pipeline::validate_object(*schema->second, doc.node, doc.file);
    if (!problems.empty()) {
      errors.insert(errors.end(), problems.begin(), problems.end());
      return std::nullopt;
    }
  }
  const std::optional<YAML::Node> defaulted =
      schema != api.schemas.end() ? std::optional(pipeline::apply_defaults(*schema->second, doc.node))
                                  : std::nullopt;
  auto request = parse_request(doc, promise.name, defaulted ? &*defaulted : nullptr);
  if (!request) {
    errors.push_back(request.error());
    return std::nullopt;
  }
  return std::move(*request);
}

std::string group_of(const std::string& api_version) {
  const auto slash = api_version.find('/');
  return slash == std::string::npos ? "" : api_version.substr(0, slash);
}

std::string did_you_mean(const std::string& kind, const std::string& group, const Platform& platform) {
  const auto kinds = known_kinds(platform);
  std::vector<std::string> names;
  for (const auto& known : kinds) names.push_back(known.first);
  const auto closest = closest_word(kind, names, 2);
  if (!closest) return "";
  const bool in_group = std::count(kinds.begin(), kinds.end(), std::make_pair(*closest, group)) > 0;
  const auto other =
      std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == *closest; });
  return "; did you mean " + *closest + (in_group ? "" : " in " + other->second) + "?";
}

bool is_binding_document(const YamlDocument& doc) {
  const YAML::Node api_version = child(doc.node, "apiVersion"), kind = child(doc.node, "kind");
  return api_version.IsScalar() && group_of(api_version.Scalar()) == kKratixGroup && kind.IsScalar() &&
         kind.Scalar() == "ResourceBinding";
}

FailedPromise failed_promise(const YamlDocument& doc) {
  const YAML::Node crd = child(child(child(doc.node, "spec"), "api"), "spec");
  const YAML::Node name = child(child(doc.node, "metadata"), "name");
  return {location_of(doc.node, doc.file).render(), name.IsScalar() ? name.Scalar() : "",
          child(crd, "group").IsScalar() ? child(crd, "group").Scalar() : "",
          child(child(crd, "names"), "kind").IsScalar() ? child(child(crd, "names"), "kind").Scalar() : ""};
}

void resolve_requests(Deferred& deferred, LoadResult& result, LoadCacheUse* cache) {
  std::map<const pipeline::Promise*, std::string> digests;
  for (const pipeline::Promise& promise : result.platform.promises)
    digests.emplace(&promise, load_cache_promise_digest(promise));
  std::map<std::string, std::vector<YamlDocument>> parsed;
  std::set<std::string> uncached;
  // Reserved, not grown: moving 10,000 requests as the vector doubles was 3% of a no-op run.
  result.platform.requests.reserve(result.platform.requests.size() + deferred.requests.size());
  for (DeferredRequest& request : deferred.requests) {
    if (request.cached && reuse_request(*request.cached, digests, result)) {
      ++cache->requests_reused;
      continue;
    }
    const YamlDocument* doc = document_of(request, parsed, cache);
    if (!doc) continue;  // the cached file no longer parses as it did: cannot be, its text is the same
    const AppendedMarks marks = appended_marks(result);
    auto left = resolve_request(*doc, deferred, result);
    if (request.doc && request.line != 0) {  // parsed alone: its locations move to its chunk's line
      shift_appended(result, marks, request.file->path, request.line);
      if (left) shift_lines(*left, request.file->path, request.line);
    }
    if (!cache) continue;
    ++cache->requests_checked;
    const auto file = cache->after.files.find(request.file->path);
    if (file == cache->after.files.end()) continue;
    cache->changed = true;
    if (left)
      file->second.requests[request.index] = std::move(*left);
    else
      uncached.insert(request.file->path);  // a file with a request no Promise serves is not cached
  }
  // Erased only now: later requests of such a file may point into its entry (document_reuse.h).
  for (const std::string& path : uncached) cache->after.files.erase(path);
}

bool reuse_file(const PlatformFile& file, const std::string& digest, LoadCacheUse& cache, Deferred& deferred,
                LoadResult& result) {
  if (!cache.before) return false;
  const auto found = cache.before->files.find(file.path);
  if (found == cache.before->files.end() || found->second.digest != digest) return false;
  cache.after.files.emplace(file.path, found->second);
  auto binding = found->second.bindings.begin();
  for (std::size_t i = 0; i < found->second.requests.size(); ++i) {
    if (binding != found->second.bindings.end() && binding->index == i) {
      result.errors.insert(result.errors.end(), binding->errors.begin(), binding->errors.end());
      if (binding->binding) result.platform.bindings.push_back(*binding->binding);
      ++cache.bindings_reused;
      ++binding;
      continue;
    }
    // Pointing into the cache read, which no later step changes (the cache left may drop this file).
    deferred.requests.push_back({&file, i, std::nullopt, &found->second.requests[i]});
  }
  return true;
}

}  // namespace ferry::runner
