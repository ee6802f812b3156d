#include "writer/git_branch.h"

#include <optional>
#include <utility>

#include "writer/checked_odb.h"
#include "writer/file_lock.h"
#include "writer/git_commit.h"
#include "writer/git_handles.h"
#include "writer/git_tree_ops.h"
#include "writer/ref_commit.h"

namespace ferry::writer::git {
namespace {

// Opens the repository; one handle per call, as libgit2 handles are not shared across threads.
Result<RepoPtr> open_repo(const std::filesystem::path& repo_path, const std::string& store) {
  return open_checked_repository(repo_path, store);
}

}  // namespace

Result<CommitOutcome> commit_change(const std::filesystem::path& repo_path, const std::string& branch,
                                    const Change& change, Locking locking) {
  const std::string store = "state store " + repo_path.string();
  auto repo = open_repo(repo_path, store);
  if (!repo) return repo.error();
  std::optional<FileLock> lock;
  if (locking == Locking::kWritersLock) {
    auto acquired = FileLock::acquire(repo_path / "ferry-writer.lock");
    if (!acquired) return acquired.error();
    lock.emplace(std::move(acquired).value());
  }
  return commit_on_ref(repo->get(), "refs/heads/" + branch, change, store);
}

Result<std::map<std::string, std::string>> read_branch_files(const std::filesystem::path& repo_path,
                                                             const std::string& branch,
                                                             const std::string& prefix) {
  const std::string store = "state store " + repo_path.string();
  auto repo = open_repo(repo_path, store);
  if (!repo) return repo.error();
  auto tip = read_tip(repo->get(), "refs/heads/" + branch, store);
  if (!tip) return tip.error();
  if (!tip->tree) return std::map<std::string, std::string>{};
  return read_blobs(repo->get(), tip->tree.get(), prefix, store);
}

}  // namespace ferry::writer::git
