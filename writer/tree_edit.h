// Editing a Git tree without an index: edits apply, in order, to an overlay of the directories on their
// paths, and write() rebuilds only those directories (RawTree: their old encoding plus the edits), leaf to
// root; a tree of 64 KiB or more is stored uncompressed (loose_objects.h). Every untouched subtree keeps
// its id, so a commit costs the directories on the changed paths, not the repository. Internal to writer/.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "writer/git_handles.h"
#include "writer/raw_tree.h"

namespace ferry::writer::git {

class TreeEdit {
 public:
  // An edit of `base` (nullptr: the empty tree). `store` names the repository in errors.
  static Result<TreeEdit> start(git_repository* repo, const git_tree* base, std::string store);
  TreeEdit(TreeEdit&&) noexcept;
  TreeEdit& operator=(TreeEdit&&) noexcept;
  ~TreeEdit();

  // Removes what is at `path` ('/'-separated): a file, or a directory with everything below it. Nothing
  // happens when there is nothing there.
  Status remove(const std::string& path);
  // Places the blob `blob` at `path` (mode 0100644), making the directories above it. A file or directory
  // in the way (at `path`, or a file where a directory above it goes) is replaced, as git_index_add does.
  Status put(const std::string& path, const git_oid& blob);

  struct Written {
    git_oid id;  // the root tree, written even when empty
    bool empty;  // the root has no entry
  };
  // Writes the trees of the edited directories; a directory left without entries vanishes from its
  // parent. With no effective edit, the id is the base tree's.
  Result<Written> write();

 private:
  struct Node;
  TreeEdit(git_repository* repo, OdbPtr odb, std::unique_ptr<Node> root, std::string store);
  // A directory started from the tree `tree` (nullptr: a new, empty one).
  static Result<std::unique_ptr<Node>> make_node(git_odb* odb, const git_oid* tree, const std::string& store);
  Result<Node*> child(Node& parent, const std::string& name, bool create);
  // The directory holding the last segment of `path`, and that segment; a null directory when `create` is
  // false and a directory on the way is missing.
  Result<std::pair<Node*, std::string>> parent_of(const std::string& path, bool create);
  Result<std::optional<git_oid>> write_node(Node& node, bool keep_empty);

  git_repository* repo_;
  OdbPtr odb_;
  std::unique_ptr<Node> root_;
  std::string store_;
};

}  // namespace ferry::writer::git
