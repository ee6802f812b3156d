// What loading the platform gives (loader.h): the platform, every error and warning, the files read and the
// requests no Promise serves.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/load_cache.h"
#include "platform/platform.h"
#include "platform/platform_file.h"

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
  // Of `files`, those the stat index left unread (stat_index.h): their text is empty here, and whoever loads
  // `files` again reads them first (read_unread_texts).
  std::vector<std::string> unread_files;
  std::vector<UnservedRequest> unserved_requests;
  // With a load cache (load_cache.h): requests taken from it, and requests parsed and checked.
  struct CacheCounts {
    std::size_t reused = 0, checked = 0;
  } cache_counts;
  // With a load cache, of a plain directory: each platform file's stat data and md5 as the load read it (by
  // its name in `files`; LoadCacheUse::digests), for the quiet-run memo (run/watched_files.h).
  std::map<std::string, FileDigest> file_digests;
};

}  // namespace ferry::runner
