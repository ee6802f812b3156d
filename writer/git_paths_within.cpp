// list_blob_paths_within (git_tree_ops.h): a walk of the trees that, at a directory named `name`, looks up
// the subtrees of `within` and walks those alone. At R = 10,000 a Destination's resources/<ns>/<promise>
// holds 10,000 request directories; this reads the one tree that lists them and the few below it asked for,
// where list_blob_paths reads every one.
#include <git2.h>

#include <algorithm>

#include "writer/git_tree_ops.h"

namespace ferry::writer::git {
namespace {

struct WalkWithin {
  git_repository* repo;
  const std::string& name;
  const std::vector<std::string>& within;  // empty for a walk of everything below
  const std::string& store;
  std::vector<std::string> paths;

  // Every blob below `tree`, whose path is `at` ("" or ending in '/').
  Status walk(const git_tree* tree, const std::string& at, bool everything) {
    for (std::size_t i = 0; i < git_tree_entrycount(tree); ++i) {
      const git_tree_entry* entry = git_tree_entry_byindex(tree, i);
      const std::string path = at + git_tree_entry_name(entry);
      if (git_tree_entry_type(entry) == GIT_OBJECT_BLOB) paths.push_back(path);
      if (git_tree_entry_type(entry) != GIT_OBJECT_TREE) continue;  // a submodule's commit: no files
      git_tree* raw = nullptr;
      if (git_tree_lookup(&raw, repo, git_tree_entry_id(entry)) != 0)
        return failure("cannot read tree " + path + " in " + store);
      const TreePtr child(raw);
      const Status walked = everything || git_tree_entry_name(entry) != name
                                ? walk(child.get(), path + "/", everything)
                                : walk_within(child.get(), path + "/");
      if (!walked) return walked;
    }
    return ok();
  }

  // The subtrees of `within` below `tree` (a directory named `name`, whose path is `at`), whole.
  Status walk_within(const git_tree* tree, const std::string& at) {
    for (const std::string& below : within) {
      TreePtr holder;
      auto found = subtree(repo, tree, below, holder, store);
      if (!found) return found.error();
      if (*found == nullptr) continue;
      if (Status walked = walk(*found, at + below + "/", true); !walked) return walked;
    }
    return ok();
  }
};

}  // namespace

Result<std::vector<std::string>> list_blob_paths_within(git_repository* repo, const git_tree* tree,
                                                        const std::string& prefix, const std::string& name,
                                                        const std::vector<std::string>& within,
                                                        const std::string& store) {
  TreePtr holder;
  auto start = subtree(repo, tree, prefix, holder, store);
  if (!start) return start.error();
  WalkWithin walk{repo, name, within, store, {}};
  if (*start == nullptr) return walk.paths;
  if (Status walked = walk.walk(*start, prefix.empty() ? "" : prefix + "/", false); !walked)
    return walked.error();
  // As list_blob_paths: sorted, so a `within` given twice or out of order lists each file once, in order.
  std::sort(walk.paths.begin(), walk.paths.end());
  walk.paths.erase(std::unique(walk.paths.begin(), walk.paths.end()), walk.paths.end());
  return std::move(walk.paths);
}

}  // namespace ferry::writer::git
