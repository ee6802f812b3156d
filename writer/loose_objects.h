// Loose objects of a bare repository, and packing them: what `git repack -d` followed by
// `git prune-packed` does, for the repositories ferry writes a file per object into. Reading a thousand
// loose objects opens a thousand files; reading them from one pack does not.
#pragma once

#include <git2.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"

namespace ferry::writer::git {

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
