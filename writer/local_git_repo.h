// StateStore on a bare Git repository on the local file system, written with libgit2 and no work tree.
// A missing repository reads as empty and is created (bare, HEAD on the branch) by the first apply(), so
// commands that only read (explain, plan) never create anything.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "writer/state_store.h"

namespace ferry::writer {
namespace git {
class ThreadRepos;
}

// Safe from several threads: each thread works through its own libgit2 handle, kept open while the
// LocalGitRepo lives (writer/thread_repos.h).
class LocalGitRepo : public StateStore {
 public:
  // Checks the branch name, and that an existing path is a bare repository.
  static Result<std::unique_ptr<LocalGitRepo>> open(const std::filesystem::path& path,
                                                    const std::string& branch);
  ~LocalGitRepo() override;
  std::string describe() const override;
  Result<CommitOutcome> apply(const Change& change) override;
  Result<std::map<std::string, std::string>> read_files(const std::string& prefix) override;
  // As read_files' keys, from a walk of the tip's trees: no blob is read.
  Result<std::vector<std::string>> list_paths(const std::string& prefix) override;
  Result<std::vector<std::string>> list_paths_within(const std::string& prefix, const std::string& name,
                                                     const std::vector<std::string>& within) override;
  // The files of commit `commit` of this repository (the fetch cache's, for a remote store): no fetch.
  Result<std::map<std::string, std::string>> read_files_at(const std::string& commit,
                                                           const std::string& prefix) override;
  Result<std::optional<std::string>> read_file_at(const std::string& commit,
                                                  const std::string& path) override;
  Result<FolderRead> read_folder(const std::string& prefix, const KnownFolder& known) override;
  Result<BranchHistory> history_since(const std::optional<std::string>& since) override;
  Result<std::size_t> pack_loose_objects(std::size_t at_least) override;

 private:
  LocalGitRepo(std::filesystem::path path, std::string branch);
  Status create_if_missing() const;
  // read_folder's and list_paths' common part: `read(repo, tip tree, trimmed prefix, store name)` on the
  // branch's tip; `empty` when the store holds no repository or its branch no tree.
  template <typename T, typename Read>
  Result<T> on_tip_tree(const std::string& prefix, Read read);
  std::filesystem::path path_;
  std::string branch_;
  std::unique_ptr<git::ThreadRepos> repos_;
};

}  // namespace ferry::writer
