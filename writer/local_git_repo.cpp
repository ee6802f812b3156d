#include "writer/local_git_repo.h"

#include <mutex>
#include <utility>

#include "writer/git_branch.h"
#include "writer/git_handles.h"
#include "writer/path_rules.h"

namespace ferry::writer {
namespace {

// Creating a repository is not atomic (the directory appears before its files): opening and creating
// in one process take turns, so a thread never opens a half-made repository.
std::mutex& creation_mutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

LocalGitRepo::LocalGitRepo(std::filesystem::path path, std::string branch)
    : path_(std::move(path)), branch_(std::move(branch)) {}

Result<std::unique_ptr<LocalGitRepo>> LocalGitRepo::open(const std::filesystem::path& path,
                                                         const std::string& branch) {
  git::ensure_initialised();
  const std::string where = "state store " + path.string();
  int valid = 0;
  if (git_reference_name_is_valid(&valid, ("refs/heads/" + branch).c_str()) != 0 || valid == 0) {
    return make_error("invalid branch name \"" + branch + "\" for " + where);
  }
  const std::lock_guard lock(creation_mutex());
  std::error_code exists_error;
  if (std::filesystem::exists(path, exists_error)) {
    git_repository* raw_repo = nullptr;
    if (git_repository_open_bare(&raw_repo, path.c_str()) != 0) return git::failure("cannot open " + where);
    const git::RepoPtr repo(raw_repo);
  }
  return std::unique_ptr<LocalGitRepo>(new LocalGitRepo(path, branch));
}

Status LocalGitRepo::create_if_missing() const {
  const std::lock_guard lock(creation_mutex());
  std::error_code exists_error;
  if (std::filesystem::exists(path_, exists_error)) return ok();
  git_repository_init_options options = GIT_REPOSITORY_INIT_OPTIONS_INIT;
  options.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH;
  options.initial_head = branch_.c_str();
  git_repository* raw_repo = nullptr;
  if (git_repository_init_ext(&raw_repo, path_.c_str(), &options) != 0) {
    return git::failure("cannot create state store " + path_.string());
  }
  const git::RepoPtr repo(raw_repo);
  return ok();
}

std::string LocalGitRepo::describe() const {
  return path_.string() + " (branch " + branch_ + ")";
}

Result<CommitOutcome> LocalGitRepo::apply(const Change& change) {
  if (auto valid = validate_change(change); !valid) return valid.error();
  if (Status created = create_if_missing(); !created) return created.error();
  return git::commit_change(path_, branch_, change, git::Locking::kWritersLock);
}

Result<std::map<std::string, std::string>> LocalGitRepo::read_files(const std::string& prefix) {
  auto trimmed = normalise_read_prefix(prefix);
  if (!trimmed) return trimmed.error();
  std::error_code exists_error;
  if (!std::filesystem::exists(path_, exists_error)) return std::map<std::string, std::string>{};
  return git::read_branch_files(path_, branch_, *trimmed);
}

}  // namespace ferry::writer
