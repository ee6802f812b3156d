// released_promise.h's checks of a fetched PromiseRelease body, for callers that hold no YAML (run/'s fetch
// checks a body before it caches it).
#pragma once

#include <string>

#include "core/error.h"
#include "platform/promise_release.h"

namespace ferry::runner {

// ok() when `body` is one Promise document whose version label is the release's (or any, when the release
// names no version); else the error released_promise_document gives, located at the release.
Status check_release_body(const PromiseRelease& release, const std::string& body);

}  // namespace ferry::runner
