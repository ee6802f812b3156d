// Every repository ferry reads, opened with its objects checked before anything trusts them.
//
// Contract: a repository that ferry opens goes through open_checked_repository (or, when ferry creates it,
// check_objects right after), and then every object read from its object database by libgit2 (trees and blobs
// of state records, bundles, drift, recovery, a platform read from a Git branch, the journal, commits, what
// packing reads) is checked against its id, loose or packed: an object that is not what its id says is
// "<loose|packed> object <id> of <store> is damaged: its content hashes to <other id>". A big object read
// again in the same process, through any handle, is given from the copy checked the first time
// (verified_objects.h): its id fixes its content. libgit2's own check (strict hash verification) is off
// (git_handles.cpp): it hashed each object again with its collision-detecting SHA-1, about four times slower
// (core/sha1.h), which at 10,000 requests was 7.4 ms of the about 100 ms of CPU of a run with one change
// (perf, six runs). Collisions are still looked for where objects come in: a fetch's indexer hashes every
// object it receives with libgit2's own SHA-1. A loose object is inflated by loose_object_check.h instead of
// libgit2's loose backend: a damaged one (cut short by a power loss, or garbage) is an error naming the
// object and the repository, "loose object <id> of <store> is damaged: its zlib stream ends early", never the
// endless loop in which libgit2 1.5 inflates a truncated loose object. A packed object is read by libgit2's
// packed backend, wrapped. A `file://` remote in push mode is fetched by ferry itself (git_remote_ops.cpp),
// not by libgit2's local transport, whose own repository would read the remote's objects unchecked. Not
// covered: objects of alternates (ferry makes none), a loose object read by an abbreviated id (ferry reads by
// full ids), and remote servers, whose git reports damage itself. Internal to writer/.
#pragma once

#include <git2.h>

#include <filesystem>
#include <string>

#include "core/error.h"
#include "writer/git_handles.h"

namespace ferry::writer::git {

// Adds the checking backends to `repo`'s object database, ahead of libgit2's loose and packed backends;
// `store` names the repository in errors ("state store /x.git").
Status check_objects(git_repository* repo, const std::string& store);

// git_repository_open_bare, then check_objects; libgit2 initialised first.
Result<RepoPtr> open_checked_repository(const std::filesystem::path& path, const std::string& store);

}  // namespace ferry::writer::git
