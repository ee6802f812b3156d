#include "writer/git_tip.h"

namespace ferry::writer::git {

Result<Tip> load_tip(git_repository* repo, const std::optional<git_oid>& id, const std::string& store) {
  Tip tip;
  if (!id) return tip;
  git_commit* commit = nullptr;
  git_tree* tree = nullptr;
  if (git_commit_lookup(&commit, repo, &*id) != 0) return failure("cannot read the tip of " + store);
  tip.commit.reset(commit);
  if (git_commit_tree(&tree, commit) != 0) return failure("cannot read the tree of " + store);
  tip.tree.reset(tree);
  tip.id = *id;
  return tip;
}

Result<Tip> read_tip(git_repository* repo, const std::string& ref, const std::string& store) {
  git_oid id;
  const int rc = git_reference_name_to_id(&id, repo, ref.c_str());
  if (rc == GIT_ENOTFOUND) return Tip{};
  if (rc != 0) return failure("cannot read " + ref + " of " + store);
  return load_tip(repo, id, store);
}

}  // namespace ferry::writer::git
