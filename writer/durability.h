// Whether what ferry writes into a repository is on the disk before the write counts: with fsync on, every
// loose object and pack written (libgit2's GIT_OPT_ENABLE_FSYNC_GITDIR, which from 1.5 to 1.9 fsyncs loose
// objects, packs and their indexes, loose refs, packed-refs and reflogs, each file and then its directory;
// and ferry's own uncompressed loose objects and new repositories) reaches the disk before the ref that
// names it moves, so a power loss leaves a ref that points at whole objects or the old ref. State records
// and the journal are commits on the state branch, so they are covered the same way. Process-wide: the
// `--fsync` option / FERRY_FSYNC set it once, before any store is opened (docs/reliability.md has the cost).
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "writer/fsync_setting.h"

namespace ferry::writer {

// Sets fsync on or off (fsync_setting.h) and applies it to libgit2.
void set_fsync(bool on);

// Writes `bytes` to a new file `path` (mode 0444, as git's objects are), fsynced when fsync is on.
Status write_new_file(const std::filesystem::path& path, std::string_view bytes);
// The same, the file's bytes being `pieces` one after the other.
Status write_new_file(const std::filesystem::path& path, const std::vector<std::string_view>& pieces);

// fsyncs the directory `directory` when fsync is on, so that a rename or a new file in it is on the disk.
Status sync_directory(const std::filesystem::path& directory);

}  // namespace ferry::writer
