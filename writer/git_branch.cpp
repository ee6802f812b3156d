#include "writer/git_branch.h"

#include <chrono>
#include <functional>
#include <optional>
#include <random>
#include <thread>
#include <utility>

#include "writer/file_lock.h"
#include "writer/git_commit.h"
#include "writer/git_handles.h"
#include "writer/git_tree_ops.h"

namespace ferry::writer::git {
namespace {

constexpr int kRetries = 5;  // after the first attempt, when another writer moved the branch meanwhile

// One attempt: the outcome, or nothing when the branch moved under us and the change must be rebuilt.
Result<std::optional<CommitOutcome>> attempt(git_repository* repo, const std::string& ref,
                                             const Change& change, const std::string& store) {
  auto tip = read_tip(repo, ref, store);
  if (!tip) return tip.error();
  auto built = build_commit(repo, *tip, change, store);
  if (!built) return built.error();
  if (!built->commit) return std::optional<CommitOutcome>(CommitOutcome{});
  auto moved = compare_and_swap_ref(repo, ref, *built->commit, tip->id, store);
  if (!moved) return moved.error();
  if (!*moved) return std::optional<CommitOutcome>();
  return std::optional<CommitOutcome>(
      CommitOutcome{oid_hex(*built->commit), std::move(built->drift_restored)});
}

// A short randomised pause before retry `retry` (1-based), so that racing writers fall out of step.
void back_off(int retry) {
  thread_local std::minstd_rand random(
      static_cast<unsigned>(std::hash<std::thread::id>{}(std::this_thread::get_id())));
  std::uniform_int_distribution<int> micros(0, 1000 << retry);
  std::this_thread::sleep_for(std::chrono::microseconds(micros(random)));
}

// Opens the repository; one handle per call, as libgit2 handles are not shared across threads.
Result<RepoPtr> open_repo(const std::filesystem::path& repo_path, const std::string& store) {
  ensure_initialised();
  git_repository* raw_repo = nullptr;
  if (git_repository_open_bare(&raw_repo, repo_path.c_str()) != 0) return failure("cannot open " + store);
  return RepoPtr(raw_repo);
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
  const std::string ref = "refs/heads/" + branch;
  for (int retry = 0; retry <= kRetries; ++retry) {
    if (retry > 0) back_off(retry);
    auto outcome = attempt(repo->get(), ref, change, store);
    if (!outcome) return outcome.error();
    if (*outcome) return **outcome;
  }
  return make_error("cannot update " + ref + " of " + store + ": other writers kept moving it (" +
                    std::to_string(kRetries + 1) + " attempts)");
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
