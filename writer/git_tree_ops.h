// Tree-level operations behind LocalGitRepo and RemoteGitRepo: applying a Change to a TreeEdit of the tip
// (writer/tree_edit.h) and reading the blobs of a tree. Internal to writer/.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "writer/flat_layout.h"
#include "writer/git_handles.h"
#include "writer/state_store.h"
#include "writer/tree_edit.h"

namespace ferry::writer::git {

// The tree at `prefix` of `tree` (owned in `holder` unless it is `tree` itself), or nullptr when there is
// none or it is not a directory.
Result<const git_tree*> subtree(git_repository* repo, const git_tree* tree, const std::string& prefix,
                                TreePtr& holder, const std::string& store);

// Removes everything at and below each bundle directory and each removed directory from `edit`, then
// writes every bundle file as a blob (mode 0100644) and adds it, then applies the file writes (a blob, or a
// removal of that one path). Removals come before additions, so a bundle inside a removed directory
// survives. `store` ("state store <path>") names the repository in error
// messages. The change must already have passed validate_change.
Status stage_change(git_repository* repo, TreeEdit& edit, const Change& change, const std::string& store);

// Removes every file of edits.removed (absent ones are fine), then writes every file of edits.written.
Status stage_edits(git_repository* repo, TreeEdit& edit, const FileEdits& edits, const std::string& store);

// Every blob at or below `prefix` ("" for the whole tree) of `tree`, keyed by repository-relative path.
// Empty when `prefix` does not name a directory of the tree.
Result<std::map<std::string, std::string>> read_blobs(git_repository* repo, const git_tree* tree,
                                                      const std::string& prefix, const std::string& store);

// The keys of read_blobs(repo, tree, prefix), in the same order, from a walk of the trees: no blob is read.
Result<std::vector<std::string>> list_blob_paths(git_repository* repo, const git_tree* tree,
                                                 const std::string& prefix, const std::string& store);

// The paths of list_blob_paths that writer/paths_within.h's listed_within keeps, walking below a directory
// named `name` only the subtrees of `within` (StateStore::list_paths_within).
Result<std::vector<std::string>> list_blob_paths_within(git_repository* repo, const git_tree* tree,
                                                        const std::string& prefix, const std::string& name,
                                                        const std::vector<std::string>& within,
                                                        const std::string& store);

// read_blobs of the tree of commit `commit` (40 hex digits), which must be in `repo`; "" (no branch) reads
// as an empty tree.
Result<std::map<std::string, std::string>> read_blobs_at(git_repository* repo, const std::string& commit,
                                                         const std::string& prefix, const std::string& store);
// The file at `path` of commit `commit`'s tree (StateStore::read_file_at); nullopt when there is none.
Result<std::optional<std::string>> read_file_at(git_repository* repo, const std::string& commit,
                                                const std::string& path, const std::string& store);
// As read_blobs, with the id of the tree at `prefix` ("" when there is none) and every blob's id; when
// that id is `known.tree_id`, no blob is read and the result is `unchanged`, and a blob whose id is the
// one `known` has for its path is not read; when the repository holds the known tree, the result is a
// delta against it (StateStore::read_folder).
Result<FolderRead> read_folder(git_repository* repo, const git_tree* tree, const std::string& prefix,
                               const KnownFolder& known, const std::string& store);

}  // namespace ferry::writer::git
