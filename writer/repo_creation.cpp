#include "writer/repo_creation.h"

#include <unistd.h>

#include <atomic>

#include "writer/durability.h"
#include "writer/git_handles.h"

namespace ferry::writer::git {
namespace fs = std::filesystem;

namespace {

// A name beside `path` that no other process or thread uses: ".<name>.creating-<pid>-<n>".
fs::path temporary_sibling(const fs::path& path) {
  static std::atomic<unsigned> counter{0};
  return path.parent_path() / ("." + path.filename().string() + ".creating-" + std::to_string(::getpid()) +
                               "-" + std::to_string(counter++));
}

}  // namespace

Status create_bare_repository(const fs::path& requested, const std::string& branch) {
  const fs::path path = requested.has_filename() ? requested : requested.parent_path();
  std::error_code ec;
  // An empty directory (made ahead by a user or a CI step) is taken as missing: rename(2) below replaces it.
  if (fs::exists(path, ec) && !fs::is_empty(path, ec)) return ok();
  ensure_initialised();
  const fs::path temporary = temporary_sibling(path);
  git_repository_init_options options = GIT_REPOSITORY_INIT_OPTIONS_INIT;
  options.flags = GIT_REPOSITORY_INIT_BARE | GIT_REPOSITORY_INIT_MKPATH;
  options.initial_head = branch.c_str();
  git_repository* raw_repo = nullptr;
  if (git_repository_init_ext(&raw_repo, temporary.c_str(), &options) != 0) {
    fs::remove_all(temporary, ec);
    return failure("cannot create state store " + path.string());
  }
  RepoPtr(raw_repo).reset();
  fs::rename(temporary, path, ec);
  if (!ec) return sync_directory(path.parent_path());  // the new name on the disk when fsync is on
  std::error_code ignored;
  fs::remove_all(temporary, ignored);
  // Another process renamed its repository into place first: use that one.
  if (fs::exists(path / "HEAD", ignored)) return ok();
  return make_error("cannot create state store " + path.string() + ": " + ec.message());
}

}  // namespace ferry::writer::git
