// Loading the platform repository from a directory or from files in memory: every document dispatched by
// kind, then cross-checked (validation.h); every problem is collected so one run reports them all.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"
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

// Everything found: errors stop the run (they are all reported at once); warnings do not.
struct LoadResult {
  Platform platform;
  std::vector<Error> errors;
  std::vector<Error> warnings;
  std::vector<PlatformFile> files;  // what was read, in order: a compound run loads them again (compound.h)
  std::vector<UnservedRequest> unserved_requests;
};

// Loads every *.yaml / *.yml below `root` (skipping dot-directories), in path order.
LoadResult load_platform(const std::filesystem::path& root);

// The same from files already in memory, in the order given (tests/fuzz's loader target: no disk).
LoadResult load_platform_files(const std::filesystem::path& root, const std::vector<PlatformFile>& files);

}  // namespace ferry::runner
