// Every repository ferry reads, opened with its loose objects checked before anything trusts them.
//
// Contract: a repository that ferry opens goes through open_checked_repository (or, when ferry creates it,
// check_loose_objects right after), and then every object read from its object database by libgit2 (trees
// and blobs of state records, bundles, drift, recovery, a platform read from a Git branch, the journal,
// commits, what packing reads) that is a loose file is inflated by loose_object_check.h instead of libgit2's
// loose backend. A damaged one (cut short by a power loss, or garbage) is an error naming the object and the
// repository, "loose object <id> of <store> is damaged: its zlib stream ends early", never the endless loop
// in which libgit2 1.5 inflates a truncated loose object. Packed objects are read by libgit2, which checks
// their CRCs and offsets; an object that inflates but is not what its id says is libgit2's hash mismatch
// error. A `file://` remote in push mode is fetched by ferry itself (git_remote_ops.cpp), not by libgit2's
// local transport, whose own repository would read the remote's loose objects unchecked. Not covered:
// objects of alternates (ferry makes none), and remote servers, whose git reports damage itself.
// Internal to writer/.
#pragma once

#include <git2.h>

#include <filesystem>
#include <string>

#include "core/error.h"
#include "writer/git_handles.h"

namespace ferry::writer::git {

// Adds the checking backend to `repo`'s object database, ahead of libgit2's loose backend; `store` names the
// repository in errors ("state store /x.git").
Status check_loose_objects(git_repository* repo, const std::string& store);

// git_repository_open_bare, then check_loose_objects; libgit2 initialised first.
Result<RepoPtr> open_checked_repository(const std::filesystem::path& path, const std::string& store);

}  // namespace ferry::writer::git
