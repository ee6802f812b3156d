// When a load rewrites the load cache (docs/load-cache.md, "When the caches are written"): not after every
// change, but when what the next load would redo through the cache it read is worth a write.
#pragma once

#include <cstddef>

#include "platform/load_cache.h"

namespace ferry::runner {

// The most redo a changed load cache is left unwritten for. What the next load would do again through the
// cache read is counted twice over: its files read and hashed again though their text is the one cached
// (their stat data changed, as by a `touch`, or racy to it) with the entries of files gone, against the
// cache's files; and its documents parsed and checked again (of files whose text changed, and requests of
// a changed Promise), against the cache's documents. When each is at most this many (or 1% of its total,
// when more) and less than half its total, the cache is not rewritten: each later load redoes that small
// delta, which grows until it passes. Writing the cache encodes every entry (with reading it, about 10% of
// a run that changed one request of 10,000, issue 25 row 2o), while redoing a few documents costs a few
// parses, and the cache read stays right for any file: its digest or stat data tell that it changed. Half
// the files or documents or more is written whatever its size (a `touch` of every file): the load after
// it then reads no file.
inline constexpr std::size_t kLoadCacheRedoUnwritten = 64;

// Whether the cache `use` leaves is worth writing over the one it read (above): always when it read none;
// never when nothing changed (LoadCacheUse::changed).
bool load_cache_worth_writing(const LoadCacheUse& use);

}  // namespace ferry::runner
