// Looking up one path below a tree without parsing the trees on the way: each is read as it is stored and
// scanned for the next name (RawTree::find_in). git_tree_entry_bypath parses every entry of each tree on the
// way, and a state at R = 10,000 has a directory of 10,000 requests on the way to every record a narrow run
// reads. Internal to writer/.
#pragma once

#include <git2.h>

#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "writer/raw_tree.h"

namespace ferry::writer::git {

// The entry at `path` ('/'-separated) below the tree `root` of `repo`, as git_tree_entry_bypath finds it:
// nullopt when a segment is missing or empty, or a segment before the last names no directory ("dir/" is
// the directory). `store` names the repository in
// errors (a tree that cannot be read or does not parse, or an object on the way that is not a tree).
Result<std::optional<RawTree::Entry>> entry_at_path(git_repository* repo, const git_oid& root,
                                                    std::string_view path, const std::string& store);

// Whether `entry` is a directory; a file (a regular file or a symbolic link, as git_tree_entry_type counts
// them blobs).
bool is_tree_entry(const RawTree::Entry& entry);
bool is_blob_entry(const RawTree::Entry& entry);

}  // namespace ferry::writer::git
