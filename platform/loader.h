// Loading the platform repository from a directory or from files in memory: every document dispatched by
// kind, then cross-checked (validation.h); every problem is collected so one run reports them all.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/platform.h"
#include "platform/platform_file.h"
#include "platform/promise_release.h"

namespace ferry::runner {

// A request whose kind and group no Promise of the platform serves (nor one that failed to load). Its
// `error` is in LoadResult::errors too; a run whose recorded state has the Promise that served it (the
// Promise's file was removed) takes the error back, since Kratix deletes such requests with their Promise
// (run/vanished_promise_requests.h).
struct UnservedRequest {
  std::string kind, group;
  Error error;
};

// Everything found: errors stop the run (they are all reported at once); warnings do not. Release errors
// (a PromiseRelease that did not install, and the requests that may wait on it: release_loading.h) fail the
// run without stopping the rest of it, as Kratix keeps running everything else.
struct LoadResult {
  Platform platform;
  std::vector<Error> errors;
  std::vector<Error> warnings;
  std::vector<Error> release_errors;
  std::vector<PlatformFile> files;  // what was read, in order: a compound run loads them again (compound.h)
  std::vector<UnservedRequest> unserved_requests;
};

// Loads every *.yaml / *.yml below `root` (skipping dot-directories), in path order. PromiseReleases get
// their bodies from `releases` (null: none fetched, each a warning).
LoadResult load_platform(const std::filesystem::path& root, ReleaseSource* releases = nullptr);

// The same from files already in memory, in the order given (tests/fuzz's loader target: no disk).
LoadResult load_platform_files(const std::filesystem::path& root, const std::vector<PlatformFile>& files,
                               ReleaseSource* releases = nullptr);

}  // namespace ferry::runner
