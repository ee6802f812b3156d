// The stat index of a plain-directory platform (docs/load-cache.md, "The stat index"): as Git's index does,
// a platform file whose stat data (size, mtime and ctime with nanoseconds, inode, device) are those the load
// cache recorded when it read the file is taken to hold the text it held then, and is not read; any other
// file is read and hashed. A "racy" entry, whose mtime is not older than the load that recorded it (less
// the coarsest timestamp granularity of a file system; the same for its ctime), could have changed in the
// same timestamp tick after it was read: it is read and hashed every time, until a load that started later
// records it. Its ctime is held to the same rule, so that a change whose mtime was set back (`touch -d`, an
// archive's extraction) is caught too: a ctime cannot be set back.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/load_cache.h"
#include "platform/platform_file.h"

namespace ferry::runner {

// Now, as file times are written (the coarse real-time clock the kernel stamps files with, nanoseconds
// since the epoch): what a load records as the index's time, and the quiet-run memo as its walk's
// (run/watched_files.h). The racy rule compares file times against it, so it must be the clock the file
// system stamps with: a finer clock runs ahead of the coarse tick, and a file changed after it was read
// could then carry a time older than the read.
long stat_index_now_ns();

// stat(2) of `path` (links followed), nullopt when it fails.
std::optional<FileStat> stat_of(const std::filesystem::path& path);

// Whether a file whose stat data are `now` may be taken to hold the text it held when `recorded` was taken
// by a load that started at `index_ns`: every field equal, and the mtime and ctime older than the index
// less `slack_ns`.
bool stat_unchanged(const FileStat& recorded, const FileStat& now, long index_ns,
                    long slack_ns = kRacySlackNs);

// The platform files at `paths` (named by their lexically normal path), read; with `cache` (a load cache in
// use), those whose stat data are unchanged (stat_unchanged, with cache->racy_slack_ns) against the cache
// read are left unread, with empty text, and named in cache->unread; every file's stat data go into
// cache->stats and the cache left is stamped with this load's start. A file read for a racy entry marks the
// cache changed, so that a later load records it as not racy.
std::vector<PlatformFile> read_platform_files(const std::vector<std::filesystem::path>& paths,
                                              LoadCacheUse* cache);

// Reads the texts read_platform_files left unread (`unread`: their paths, LoadResult::unread_files) into
// `files`, for a caller that loads them again (a compound run, run/compound.h). A file that cannot be read
// now is an error naming it: a load without it would take its objects for deleted.
Status read_unread_texts(std::vector<PlatformFile>& files, const std::vector<std::string>& unread);

}  // namespace ferry::runner
