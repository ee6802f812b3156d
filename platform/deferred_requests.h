// The requests of a load, resolved once every file is read (loader.h): each found its Promise and is
// checked against its schema, or is taken from the load cache when its file and its Promise are those cached
// (load_cache.h), or is an error naming what failed before it; with the helpers the loader shares with it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/yaml_document.h"
#include "platform/load_cache.h"
#include "platform/load_result.h"
#include "platform/platform_file.h"
#include "platform/release_loading.h"

namespace ferry::runner {

inline constexpr const char* kKratixGroup = "platform.kratix.io";

// A Promise that failed to load: where, and the kind it would serve (as far as its text says).
struct FailedPromise {
  std::string where;  // file:line:column
  std::string name, group, kind;
};

// A request document waiting for its Promise: parsed (`doc`), or taken from the load cache (`cached`, its
// document parsed only if it must be checked again; it points into the cache read, or into the cache left
// for a document taken by its key, each of which holds it until the requests are resolved). `index`: its
// place among its file's documents. `line`: the line `doc` was parsed from when it was parsed alone
// (document_reuse.h), by which what checking it gives is moved; 0 when it was parsed with its whole file.
struct DeferredRequest {
  const PlatformFile* file = nullptr;
  std::size_t index = 0;
  std::optional<YamlDocument> doc;
  const CachedRequest* cached = nullptr;
  int line = 0;
};

// Documents whose fate is known only once every file is read: requests need their Promise, and an unknown
// platform.kratix.io kind is judged against every kind the platform declares. A request whose kind no
// Promise provides names what failed before it (a Promise, a file that did not parse), the cause to fix.
struct Deferred {
  std::vector<DeferredRequest> requests;
  std::vector<YamlDocument> unknown_kinds;
  std::vector<FailedPromise> failed_promises;
  std::vector<std::string> unparsed_files;
  UninstalledReleases releases;  // a request whose kind no Promise provides may wait on one of these
};

// A request as the API server would admit it (reference §2): of a version its Promise serves, valid against
// that version's openAPIV3Schema, with the schema's defaults applied to object_yaml. nullopt when not
// admitted; every problem is appended to `errors`, each at its node in `doc.file`. Also the check of requests
// created through the platform API (admitted_request.h).
std::optional<pipeline::Request> checked_request(const YamlDocument& doc, const pipeline::Promise& promise,
                                                 const std::string& api_version, std::vector<Error>& errors);

// "group" of "group/version"; "" for "v1".
std::string group_of(const std::string& api_version);

// "; did you mean Destination?" when a kind ferry reads is at most two edits from `kind` (ignoring case),
// naming its group when it is not `group`; "" when none is that close.
std::string did_you_mean(const std::string& kind, const std::string& group, const Platform& platform);

// Whether `doc` is a ResourceBinding (platform.kratix.io): it needs no Promise, so what loading it gives
// can be kept by its text.
bool is_binding_document(const YamlDocument& doc);

// A Promise document that failed to load, as far as its text says.
FailedPromise failed_promise(const YamlDocument& doc);

// Resolves every deferred request in order, appending to `result` exactly what a full load appends; with
// `cache`, cached requests whose Promise is unchanged are taken from it, and the cache left is filled.
void resolve_requests(Deferred& deferred, LoadResult& result, LoadCacheUse* cache);

// A file of requests and ResourceBindings whose path and text (md5 `digest`) are cached: its bindings are
// appended to `result` as loading them did (their errors, then the binding), its requests deferred as cached
// entries, none parsed. false when the cache has not this file with this text.
bool reuse_file(const PlatformFile& file, const std::string& digest, LoadCacheUse& cache, Deferred& deferred,
                LoadResult& result);

}  // namespace ferry::runner
