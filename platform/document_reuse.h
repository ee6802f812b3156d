// The load of a changed file of requests and ResourceBindings document by document (docs/load-cache.md,
// "Per document"): its text is cut into chunks (document_chunks.h), each keyed by the md5 of its text; a
// chunk whose key the cache holds for that file is taken from the cache, what it gave moved by the lines
// its chunk moved (a document inserted above shifts every line below), and only the other chunks are
// parsed, each alone, their locations moved to the chunk's line. The result is what a full load gives; a
// file one of whose new chunks does not parse alone, holds more than one document, or holds anything but
// a request or a binding is left to the whole-file load.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "platform/deferred_requests.h"
#include "platform/load_cache.h"
#include "platform/load_result.h"
#include "platform/moved_lines.h"
#include "platform/platform_file.h"

namespace ferry::runner {

// The loader's load of one document (loader.cpp): errors, objects and deferred requests appended.
using DocumentLoad = std::function<void(const YamlDocument&, LoadResult&, Deferred&)>;

// Loads `file` (read, text of md5 `digest`) by its chunks, appending to `result` and `deferred` exactly
// what the whole-file load appends, and returns its cache entry with a key per document; nullopt, having
// appended nothing, when the file must be loaded whole (above).
std::optional<CachedFile> load_by_documents(const PlatformFile& file, const std::string& digest,
                                            LoadCacheUse& cache, Deferred& deferred, LoadResult& result,
                                            const DocumentLoad& load_document);

}  // namespace ferry::runner
