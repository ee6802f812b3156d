// When a load rewrites the load cache (docs/load-cache.md, "When the caches are written"): not after every
// change, but when what the next load would redo through the cache it read is worth a write.
#pragma once

#include <cstddef>

#include "platform/load_cache.h"

namespace ferry::runner {

// Whether the cache `use` leaves is worth writing over the one it read: always when it read none; never when
// nothing changed (LoadCacheUse::changed); else when either of the two redos that the next load would do
// through the cache read passes core/cache_file.h's cache_delta_worth_writing: its files read and hashed
// again though their text is the one cached (their stat data changed, as by a `touch`, or racy to it) with
// the entries of files gone, against the cache's files; and its documents parsed and checked again (of
// files whose text changed, and requests of a changed Promise), against the cache's documents. The cache
// read stays right for any file either way: its digest or stat data tell that it changed.
bool load_cache_worth_writing(const LoadCacheUse& use);

}  // namespace ferry::runner
