// PromiseRelease (reference §3.4): a Promise fetched from a URL and installed with the release's version,
// as a plain value; where the loader gets the fetched bodies from (ReleaseSource: HTTP(S) with the
// recorded state's cache in run/promise_release_fetch.h, the cache alone for `ferry validate`). No YAML
// here: released_promise.h checks a fetched body.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::runner {

// The label Kratix puts on a Promise a release installed, naming the release.
inline constexpr const char* kPromiseReleaseLabel = "kratix.io/promise-release-name";
// The key of spec.sourceRef.secretRef's Secret sent verbatim as the Authorization header (Kratix's).
inline constexpr const char* kAuthorizationHeaderKey = "authorizationHeader";

struct ReleaseSecretRef {
  std::string name;
  std::string namespace_ = "default";  // for messages; the local secret sources have one namespace
  SourceLocation where;                // of spec.sourceRef.secretRef
};

struct PromiseRelease {
  std::string name;
  std::string version;  // spec.version; "" takes the fetched Promise's kratix.io/promise-version label
  std::string url;      // spec.sourceRef.url (type http, the only type)
  std::optional<ReleaseSecretRef> secret_ref;
  SourceLocation where;  // of the document
};

// What a ReleaseSource has for one release. `body` absent: nothing to install (nothing cached offline, or
// the fetch failed and no copy was ever installed). `error`: the release failed (unreachable, non-2xx,
// not a Promise, version mismatch); with a `body`, that body is the copy installed last, kept as Kratix
// keeps the Promise it installed (`previous`). `warnings`: e.g. the network failed and the copy cached for
// this URL and version was used.
struct FetchedRelease {
  std::optional<std::string> body;
  bool previous = false;  // body is the last installed copy, not one of this URL and version
  std::optional<Error> error;
  std::vector<Error> warnings;
};

class ReleaseSource {
 public:
  virtual ~ReleaseSource() = default;
  virtual FetchedRelease fetch(const PromiseRelease& release) = 0;
};

// "PromiseRelease \"name\"": how messages name a release.
std::string release_name(const PromiseRelease& release);

}  // namespace ferry::runner
