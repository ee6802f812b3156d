// A folder's files as a delta against a tree the caller read before (StateStore::read_folder with a known
// tree): two Git trees compared entry by entry, descending only into subtrees whose ids differ, so that a
// commit of one file in a folder of 10,000 reads one blob and the trees on its path. Internal to writer/.
#pragma once

#include <string>

#include "writer/git_handles.h"
#include "writer/state_store.h"

namespace ferry::writer::git {

// The files of `now` (the tree at `prefix`) that differ from those of `before` into `read`: each added or
// changed file's bytes (in read.files) and blob id (in read.blob_ids), each removed file's path (in
// read.removed), paths repository-relative. Entries other than files and trees are ignored.
Status read_folder_delta(git_repository* repo, const git_tree* before, const git_tree* now,
                         const std::string& prefix, FolderRead& read, const std::string& store);

}  // namespace ferry::writer::git
