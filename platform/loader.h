// Loading the platform repository from a directory or from files in memory: every document dispatched by
// kind, then cross-checked (validation.h); every problem is collected so one run reports them all.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/load_cache.h"
#include "platform/load_result.h"
#include "platform/platform_file.h"
#include "platform/promise_release.h"

namespace ferry::runner {

// Loads every *.yaml / *.yml below `root` (skipping dot-directories), in path order. PromiseReleases get
// their bodies from `releases` (null: none fetched, each a warning). With `cache`, files of requests whose
// text and Promise are as cached are not parsed (load_cache.h); the result is the same.
LoadResult load_platform(const std::filesystem::path& root, ReleaseSource* releases = nullptr,
                         LoadCacheUse* cache = nullptr);

// One document of a file of requests given apart from its file: its text and the 0-based line of the file it
// starts on.
struct ReplacedDocument {
  std::string text;
  int line = 0;
};

// load_platform() without a cache, each file named in `replaced` (by the path the loader names it by:
// `root` / its path below) not read but taken to hold the documents given, each a request parsed alone and
// placed at its line (a narrow run's load, run/narrow_run.h: the documents of files of requests that
// changed). A document given that is not one request is an error.
LoadResult load_platform_replacing(const std::filesystem::path& root,
                                   const std::map<std::string, std::vector<ReplacedDocument>>& replaced,
                                   ReleaseSource* releases = nullptr);

// The same from files already in memory, in the order given (tests/fuzz's loader target: no disk).
LoadResult load_platform_files(const std::filesystem::path& root, const std::vector<PlatformFile>& files,
                               ReleaseSource* releases = nullptr, LoadCacheUse* cache = nullptr);

}  // namespace ferry::runner
