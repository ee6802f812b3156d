#include "writer/local_git_repo.h"

#include <filesystem>
#include <mutex>
#include <optional>
#include <utility>

#include "writer/branch_history.h"
#include "writer/checked_odb.h"
#include "writer/file_lock.h"
#include "writer/git_commit.h"
#include "writer/git_handles.h"
#include "writer/git_tree_ops.h"
#include "writer/loose_objects.h"
#include "writer/path_rules.h"
#include "writer/ref_commit.h"
#include "writer/repo_creation.h"
#include "writer/thread_repos.h"

namespace ferry::writer {
namespace {

// Creation is atomic across processes (repo_creation.h); within one, opening and creating still take
// turns so that two threads do not both initialise a temporary repository for the same store.
std::mutex& creation_mutex() {
  static std::mutex mutex;
  return mutex;
}

// Whether `path` is a repository to read: missing, or an empty directory (made ahead by a user or a CI step),
// is a repository still to be made (create_if_missing), not a broken one.
bool holds_repository(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::exists(path, error) && !std::filesystem::is_empty(path, error);
}

}  // namespace

LocalGitRepo::LocalGitRepo(std::filesystem::path path, std::string branch)
    : path_(std::move(path)), branch_(std::move(branch)), repos_(std::make_unique<git::ThreadRepos>(path_)) {}

LocalGitRepo::~LocalGitRepo() = default;

Result<std::unique_ptr<LocalGitRepo>> LocalGitRepo::open(const std::filesystem::path& path,
                                                         const std::string& branch) {
  git::ensure_initialised();
  const std::string where = "state store " + path.string();
  if (branch_name_problem(branch)) {
    return make_error("invalid branch name \"" + branch + "\" for " + where);
  }
  const std::lock_guard lock(creation_mutex());
  if (holds_repository(path)) {
    if (auto repo = git::open_checked_repository(path, where); !repo) return repo.error();
  }
  return std::unique_ptr<LocalGitRepo>(new LocalGitRepo(path, branch));
}

Status LocalGitRepo::create_if_missing() const {
  const std::lock_guard lock(creation_mutex());
  return git::create_bare_repository(path_, branch_);
}

std::string LocalGitRepo::describe() const {
  return path_.string() + " (branch " + branch_ + ")";
}

Result<CommitOutcome> LocalGitRepo::apply(const Change& change) {
  if (auto valid = validate_change(change); !valid) return valid.error();
  if (Status created = create_if_missing(); !created) return created.error();
  const std::string store = "state store " + path_.string();
  auto repo = repos_->get(store);
  if (!repo) return repo.error();
  // The writers' lock only makes ferry's writers queue; the compare-and-swap keeps the ref right without it.
  auto lock = FileLock::acquire(path_ / "ferry-writer.lock");
  if (!lock) return lock.error();
  git::clear_stale_ref_lock(*repo, "refs/heads/" + branch_);
  return git::commit_on_ref(*repo, "refs/heads/" + branch_, change, store);
}

Result<std::size_t> LocalGitRepo::pack_loose_objects(std::size_t at_least) {
  if (!holds_repository(path_)) return std::size_t{0};
  const std::string store = "state store " + path_.string();
  auto repo = repos_->get(store);
  if (!repo) return repo.error();
  // ferry's own writers wait meanwhile; others' new objects are left loose (loose_objects.h).
  auto lock = FileLock::acquire(path_ / "ferry-writer.lock");
  if (!lock) return lock.error();
  const std::optional<std::size_t> threshold = git::packing_threshold(*repo, at_least);
  if (!threshold) return std::size_t{0};
  const std::vector<git_oid> loose = git::loose_objects(*repo);
  if (loose.size() < *threshold) return std::size_t{0};
  if (Status packed = git::pack_and_remove(*repo, loose, store); !packed) return packed.error();
  return loose.size();
}

Result<std::map<std::string, std::string>> LocalGitRepo::read_files(const std::string& prefix) {
  auto read = read_folder(prefix, KnownFolder{});  // nothing known: every file is read
  if (!read) return read.error();
  return std::move(read->files);
}

Result<std::map<std::string, std::string>> LocalGitRepo::read_files_at(const std::string& commit,
                                                                       const std::string& prefix) {
  auto trimmed = normalise_read_prefix(prefix);
  if (!trimmed) return trimmed.error();
  if (!holds_repository(path_)) return std::map<std::string, std::string>{};
  const std::string store = "state store " + path_.string();
  auto repo = repos_->get(store);
  if (!repo) return repo.error();
  return git::read_blobs_at(*repo, commit, *trimmed, store);
}

Result<std::optional<std::string>> LocalGitRepo::read_file_at(const std::string& commit,
                                                              const std::string& path) {
  auto trimmed = normalise_read_prefix(path);
  if (!trimmed) return trimmed.error();
  if (!holds_repository(path_)) return std::optional<std::string>();
  const std::string store = "state store " + path_.string();
  auto repo = repos_->get(store);
  if (!repo) return repo.error();
  return git::read_file_at(*repo, commit, *trimmed, store);
}

template <typename T, typename Read>
Result<T> LocalGitRepo::on_tip_tree(const std::string& prefix, Read read) {
  auto trimmed = normalise_read_prefix(prefix);
  if (!trimmed) return trimmed.error();
  if (!holds_repository(path_)) return T{};
  const std::string store = "state store " + path_.string();
  auto repo = repos_->get(store);
  if (!repo) return repo.error();
  auto tip = git::read_tip(*repo, "refs/heads/" + branch_, store);
  if (!tip) return tip.error();
  if (!tip->tree) return T{};
  return read(*repo, tip->tree.get(), *trimmed, store);
}

Result<FolderRead> LocalGitRepo::read_folder(const std::string& prefix, const KnownFolder& known) {
  return on_tip_tree<FolderRead>(
      prefix, [&](git_repository* repo, const git_tree* tree, const std::string& trimmed,
                  const std::string& store) { return git::read_folder(repo, tree, trimmed, known, store); });
}

Result<std::vector<std::string>> LocalGitRepo::list_paths(const std::string& prefix) {
  return on_tip_tree<std::vector<std::string>>(prefix, git::list_blob_paths);
}

Result<std::vector<std::string>> LocalGitRepo::list_paths_within(const std::string& prefix,
                                                                 const std::string& name,
                                                                 const std::vector<std::string>& within) {
  return on_tip_tree<std::vector<std::string>>(
      prefix,
      [&](git_repository* repo, const git_tree* tree, const std::string& trimmed, const std::string& store) {
        return git::list_blob_paths_within(repo, tree, trimmed, name, within, store);
      });
}

Result<BranchHistory> LocalGitRepo::history_since(const std::optional<std::string>& since) {
  if (!holds_repository(path_)) return BranchHistory{};
  const std::string store = "state store " + path_.string();
  auto repo = repos_->get(store);
  if (!repo) return repo.error();
  auto tip = git::read_tip(*repo, "refs/heads/" + branch_, store);
  if (!tip) return tip.error();
  return git::history_since(*repo, tip->id, since, store);
}

}  // namespace ferry::writer
