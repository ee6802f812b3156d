// StateStore on a bare Git repository on the local file system, written with libgit2 and no work tree.
// A missing repository is created (bare) with the branch on its first commit.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "writer/state_store.h"

namespace ferry::writer {

class LocalGitRepo : public StateStore {
 public:
  static Result<std::unique_ptr<LocalGitRepo>> open_or_create(const std::filesystem::path& path,
                                                              const std::string& branch);
  std::string describe() const override;
  Result<CommitOutcome> apply(const Change& change) override;
  Result<std::map<std::string, std::string>> read_files(const std::string& prefix) override;

 private:
  LocalGitRepo(std::filesystem::path path, std::string branch);
  std::filesystem::path path_;
  std::string branch_;
};

}  // namespace ferry::writer
