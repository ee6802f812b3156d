#include "writer/branch_history.h"

#include <vector>

#include "writer/oid_hex.h"

namespace ferry::writer::git {
namespace {

// Every commit ferry makes carries "Ferry-" trailers (run/request_plan.cpp, deletion.cpp, canaries.cpp).
bool made_by_ferry(const git_commit* commit) {
  const char* message = git_commit_message(commit);
  const std::string text = message ? message : "";
  return text.starts_with("Ferry-") || text.find("\nFerry-") != std::string::npos;
}

// The files `commit` added, changed or removed against its first parent (everything, for a root commit).
Result<std::vector<std::string>> changed_paths(git_repository* repo, const git_commit* commit,
                                               const std::string& store) {
  git_tree* raw_tree = nullptr;
  if (git_commit_tree(&raw_tree, commit) != 0) return failure("cannot read a commit's tree in " + store);
  const TreePtr tree(raw_tree);
  TreePtr parent_tree;
  if (git_commit_parentcount(commit) > 0) {
    git_commit* raw_parent = nullptr;
    if (git_commit_parent(&raw_parent, commit, 0) != 0)
      return failure("cannot read a parent commit in " + store);
    const CommitPtr parent(raw_parent);
    git_tree* raw_parent_tree = nullptr;
    if (git_commit_tree(&raw_parent_tree, parent.get()) != 0)
      return failure("cannot read a commit's tree in " + store);
    parent_tree = TreePtr(raw_parent_tree);
  }
  git_diff* raw_diff = nullptr;
  if (git_diff_tree_to_tree(&raw_diff, repo, parent_tree.get(), tree.get(), nullptr) != 0)
    return failure("cannot compare a commit with its parent in " + store);
  const DiffPtr diff(raw_diff);
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < git_diff_num_deltas(diff.get()); ++i) {
    const git_diff_delta* delta = git_diff_get_delta(diff.get(), i);
    paths.emplace_back(delta->status == GIT_DELTA_DELETED ? delta->old_file.path : delta->new_file.path);
  }
  return paths;
}

}  // namespace

Result<BranchHistory> history_since(git_repository* repo, const std::optional<git_oid>& tip,
                                    const std::optional<std::string>& since, const std::string& store) {
  BranchHistory history;
  if (!tip) return history;
  history.tip = oid_hex(*tip);
  if (!since || *since == *history.tip) return history;
  git_oid since_id;
  std::vector<CommitPtr> newest_first;
  bool found = false;
  if (git_oid_fromstr(&since_id, since->c_str()) == 0) {
    git_oid at = *tip;
    for (int read = 0; read < kHistoryHorizon && !found; ++read) {
      if (git_oid_equal(&at, &since_id)) {
        found = true;
        break;
      }
      git_commit* raw = nullptr;
      if (git_commit_lookup(&raw, repo, &at) != 0) break;  // a shallow history ends here
      CommitPtr commit(raw);
      const bool root = git_commit_parentcount(commit.get()) == 0;
      if (!root) at = *git_commit_parent_id(commit.get(), 0);
      newest_first.push_back(std::move(commit));
      if (root) break;
    }
  }
  if (!found) {
    history.since_found = false;
    return history;
  }
  for (auto it = newest_first.rbegin(); it != newest_first.rend(); ++it) {
    BranchCommit commit{oid_hex(*git_commit_id(it->get())), made_by_ferry(it->get())};
    if (!commit.by_ferry) {
      auto paths = changed_paths(repo, it->get(), store);
      if (!paths) return paths.error();
      commit.changed_paths = std::move(*paths);
    }
    history.commits.push_back(std::move(commit));
  }
  return history;
}

}  // namespace ferry::writer::git
