#include "writer/git_branch.h"

#include <chrono>
#include <functional>
#include <optional>
#include <random>
#include <thread>
#include <utility>

#include "writer/file_lock.h"
#include "writer/git_handles.h"
#include "writer/git_tree_ops.h"

namespace ferry::writer::git {
namespace {

constexpr int kRetries = 5;  // after the first attempt, when another writer moved the branch meanwhile

// The branch tip as read at the start of one attempt; all empty when the branch does not exist yet.
struct Tip {
  std::optional<git_oid> id;
  CommitPtr commit;
  TreePtr tree;
};

Result<Tip> read_tip(git_repository* repo, const std::string& ref, const std::string& store) {
  Tip tip;
  git_oid id;
  const int rc = git_reference_name_to_id(&id, repo, ref.c_str());
  if (rc == GIT_ENOTFOUND) return tip;
  if (rc != 0) return failure("cannot read " + ref + " of " + store);
  git_commit* commit = nullptr;
  git_tree* tree = nullptr;
  if (git_commit_lookup(&commit, repo, &id) != 0) return failure("cannot read the tip of " + store);
  tip.commit.reset(commit);
  if (git_commit_tree(&tree, commit) != 0) return failure("cannot read the tree of " + store);
  tip.tree.reset(tree);
  tip.id = id;
  return tip;
}

Result<git_oid> create_commit(git_repository* repo, const git_oid& tree_id, const Tip& tip,
                              const Change& change, const std::string& store) {
  // The current time in UTC (offset 0), so that commits do not depend on the machine's time zone.
  const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  git_signature* raw_signature = nullptr;
  if (git_signature_new(&raw_signature, change.author.name.c_str(), change.author.email.c_str(), now, 0) !=
      0) {
    return failure("cannot use author \"" + change.author.name + " <" + change.author.email + ">\"");
  }
  const SignaturePtr signature(raw_signature);
  git_tree* raw_tree = nullptr;
  if (git_tree_lookup(&raw_tree, repo, &tree_id) != 0) return failure("cannot read new tree in " + store);
  const TreePtr tree(raw_tree);
  const git_commit* parents[] = {tip.commit.get()};
  git_oid commit_id;
  if (git_commit_create(&commit_id, repo, nullptr, signature.get(), signature.get(), nullptr,
                        change.message.c_str(), tree.get(), tip.commit ? 1 : 0, parents) != 0) {
    return failure("cannot create a commit in " + store);
  }
  return commit_id;
}

// Moves `ref` from the tip to `commit_id` by compare-and-swap, checked under libgit2's ref lock. A branch
// that did not exist is expected to still not exist (the all-zero id): git_reference_create with force=0
// checks existence before taking the lock, so two first commits could both pass it. False when another
// writer got there first.
Result<bool> move_branch(git_repository* repo, const std::string& ref, const git_oid& commit_id,
                         const Tip& tip, const std::string& store) {
  git_oid expected{};  // all zeros: "must not exist"
  if (tip.id) expected = *tip.id;
  git_reference* raw_ref = nullptr;
  const int rc =
      git_reference_create_matching(&raw_ref, repo, ref.c_str(), &commit_id, 1, &expected, "ferry: commit");
  const ReferencePtr moved(raw_ref);
  if (rc == 0) return true;
  if (rc == GIT_EMODIFIED || rc == GIT_EEXISTS || rc == GIT_ELOCKED || rc == GIT_ENOTFOUND) return false;
  return failure("cannot update " + ref + " of " + store);
}

// One attempt: the outcome, or nothing when the branch moved under us and the change must be rebuilt.
Result<std::optional<CommitOutcome>> attempt(git_repository* repo, const std::string& ref,
                                             const Change& change, const std::string& store) {
  auto tip = read_tip(repo, ref, store);
  if (!tip) return tip.error();
  git_index* raw_index = nullptr;
  if (git_index_new(&raw_index) != 0) return failure("cannot create an index for " + store);
  const IndexPtr index(raw_index);
  if (tip->tree && git_index_read_tree(index.get(), tip->tree.get()) != 0) {
    return failure("cannot load the tree of " + store);
  }
  if (auto staged = stage_change(repo, index.get(), change, store); !staged) return staged.error();
  git_oid tree_id;
  if (git_index_write_tree_to(&tree_id, index.get(), repo) != 0) {
    return failure("cannot write the tree of " + store);
  }
  const bool unchanged = tip->tree ? git_oid_equal(&tree_id, git_tree_id(tip->tree.get())) != 0
                                   : git_index_entrycount(index.get()) == 0;
  if (unchanged) return std::optional<CommitOutcome>(CommitOutcome{});
  auto commit_id = create_commit(repo, tree_id, *tip, change, store);
  if (!commit_id) return commit_id.error();
  auto moved = move_branch(repo, ref, *commit_id, *tip, store);
  if (!moved) return moved.error();
  if (!*moved) return std::optional<CommitOutcome>();
  char hex[GIT_OID_HEXSZ + 1] = {};
  git_oid_tostr(hex, sizeof hex, &*commit_id);
  return std::optional<CommitOutcome>(CommitOutcome{std::string(hex)});
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
