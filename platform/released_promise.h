// A fetched PromiseRelease body checked and labelled as the Promise document it installs (reference §3.4):
// the one YAML reader of release bodies, used by the loader and by run/'s fetch before it caches a body.
#pragma once

#include <string>

#include "core/yaml_document.h"
#include "platform/promise_release.h"

namespace ferry::runner {

// The Promise document `body` holds for `release`, labelled as Kratix labels it (the version label, and
// kPromiseReleaseLabel naming the release); `release.version`, when empty, is taken from the body's label.
// Errors, located at the release: the body is not one YAML document of kind Promise, it has no version
// label, or (unless `any_version`, for a previously installed copy) its label is not the release's version.
Result<YamlDocument> released_promise_document(PromiseRelease& release, const std::string& body,
                                               bool any_version = false);
}  // namespace ferry::runner
