// Loose objects of a bare repository: writing a big one without compression, and packing them (what
// `git repack -d` followed by `git prune-packed` does) for the repositories ferry writes a file per object
// into. Reading a thousand loose objects opens a thousand files; reading them from one pack does not.
#pragma once

#include <git2.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace ferry::writer::git {

// Objects from this size up are written by write_uncompressed: a directory of about 1,500 entries.
constexpr std::size_t kUncompressedFrom = 64 * 1024;

// Writes `data` as a loose object of `type` in `repo` (whose object database is `odb`), its zlib stream made
// of stored blocks framed by ferry (the object's bytes written from where they are, not copied): any git
// reads it, and writing costs no deflate, which was about half of a commit into a directory of 10,000
// requests (bench/README.md, scenario 1); the file is about 1.5 times
// larger until the repository is packed (that directory's tree: 360,048 bytes against 243,304 deflated). The
// file appears whole or not at all (a temporary name, then a rename). libgit2 cannot do this itself: its
// loose backend at level 0 writes no zlib stream at all, which neither it nor git can read back.
Result<git_oid> write_uncompressed(git_repository* repo, git_odb* odb, git_object_t type,
                                   std::string_view data, const std::string& store);

// How many loose objects make `repo` worth packing: the repository's own `gc.auto` when its configuration
// sets one, as git honours it (0: never), else `fallback`. Nothing when it must not be packed.
std::optional<std::size_t> packing_threshold(git_repository* repo, std::size_t fallback);

// The id of every loose object of `repo` (objects/xx/<38 hex digits>), in no particular order.
std::vector<git_oid> loose_objects(git_repository* repo);

// Writes the objects `ids` into one new pack in objects/pack (libgit2's packbuilder, with deltas), then
// removes their loose files. Nothing is removed when the pack cannot be written. Objects that other writers
// add meanwhile are not in `ids` and stay loose; a reader that misses a removed file finds the object in the
// new pack, since libgit2 and git both look at the packs again on a miss.
Status pack_and_remove(git_repository* repo, const std::vector<git_oid>& ids, const std::string& store);

}  // namespace ferry::writer::git
