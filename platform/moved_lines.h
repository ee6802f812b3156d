// Moving what a document gave by the lines its text moved (docs/load-cache.md, "Per document"): a document
// taken from the load cache after lines above it changed, or parsed alone from its chunk of the file
// (document_reuse.h), gives what it gave at its old place, or at line 1; its locations are moved by as many
// lines, so that they are exactly those of a load of the whole file.
#pragma once

#include <cstddef>
#include <string>

#include "platform/load_cache.h"
#include "platform/load_result.h"

namespace ferry::runner {

// How much of a load's lists there was before a document was loaded, so that what the document appended
// can be moved by its chunk's line (shift_appended).
struct AppendedMarks {
  std::size_t errors, warnings, release_errors, unserved, requests, bindings;
};
AppendedMarks appended_marks(const LoadResult& result);

// Moves the locations in `file` of what `result` appended since `marks` by `lines` (a location of line 0,
// the whole file, stays).
void shift_appended(LoadResult& result, const AppendedMarks& marks, const std::string& file, int lines);

// Moves the locations in `file` of a cached entry by `lines`.
void shift_lines(CachedRequest& cached, const std::string& file, int lines);
void shift_lines(CachedBinding& cached, const std::string& file, int lines);

}  // namespace ferry::runner
