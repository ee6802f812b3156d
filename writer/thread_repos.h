// One open libgit2 repository handle per thread for one repository path, kept for the owner's lifetime:
// a run's commits reuse the handle (and libgit2's object cache, which the drift walk reads through)
// instead of opening the repository for every commit. libgit2 handles must not be shared across threads,
// so each thread gets its own. Internal to writer/.
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "writer/git_handles.h"

namespace ferry::writer::git {

class ThreadRepos {
 public:
  explicit ThreadRepos(std::filesystem::path path) : path_(std::move(path)) {}
  // This thread's handle on the bare repository, opened on first use; valid while this object lives and
  // only on the calling thread. `store` names the repository in errors. A handle whose repository has
  // gone (no HEAD, objects/ or refs/ at the path any more) is dropped and the path opened again, so a
  // repository replaced by something else is the same clear error as at the first open.
  Result<git_repository*> get(const std::string& store);

 private:
  std::filesystem::path path_;
  std::mutex mutex_;  // guards repos_ (not the handles: each is used by one thread only)
  std::map<std::thread::id, RepoPtr> repos_;
};

}  // namespace ferry::writer::git
