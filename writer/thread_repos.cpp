#include "writer/thread_repos.h"

#include <utility>

#include "writer/checked_odb.h"

namespace ferry::writer::git {
namespace {

// What git_repository_open_bare looks for; three stats, cheap next to a commit.
bool still_a_repository(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path / "HEAD", error) &&
         std::filesystem::is_directory(path / "objects", error) &&
         std::filesystem::is_directory(path / "refs", error);
}

}  // namespace

Result<git_repository*> ThreadRepos::get(const std::string& store) {
  const std::thread::id self = std::this_thread::get_id();
  {
    const std::lock_guard lock(mutex_);
    if (auto found = repos_.find(self); found != repos_.end()) {
      if (still_a_repository(path_)) return found->second.get();
      repos_.erase(found);
    }
  }
  auto opened = open_checked_repository(path_, store);
  if (!opened) return opened.error();
  RepoPtr repo = std::move(opened).value();
  const std::lock_guard lock(mutex_);
  return repos_.emplace(self, std::move(repo)).first->second.get();
}

}  // namespace ferry::writer::git
