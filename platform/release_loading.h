// The Promises of a platform's PromiseReleases installed into its load (loader.h): each release's body from
// a ReleaseSource, checked (released_promise.h) and parsed as a Promise of the platform. A release that
// fails is no load error, since Kratix keeps running everything else: its error is a release error of the
// load (LoadResult::release_errors), and the requests that may wait on it are not run.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "platform/platform.h"
#include "platform/promise_release.h"

namespace ferry::runner {

// The releases whose Promise was not installed, each "PromiseRelease \"x\" at file:line:column".
struct UninstalledReleases {
  std::vector<std::string> failed;     // the release failed and no earlier copy was installed
  std::vector<std::string> unfetched;  // not fetched by this command (offline, or no source): not checked
};

// Installs every release of `platform` whose body `source` has (null: no source, every release unfetched,
// with a warning). Errors go to `release_errors`, notes and unfetched releases to `warnings`.
UninstalledReleases install_releases(Platform& platform, ReleaseSource* source,
                                     std::vector<Error>& release_errors, std::vector<Error>& warnings);

}  // namespace ferry::runner
