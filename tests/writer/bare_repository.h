// A new bare repository opened with libgit2, for the tests of writer/'s internals below LocalGitRepo.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>

#include "writer/git_handles.h"

namespace ferry::writer::git::testing_git {

inline RepoPtr init_bare_repository(const std::filesystem::path& path) {
  ensure_initialised();
  git_repository* raw = nullptr;
  EXPECT_EQ(git_repository_init(&raw, path.c_str(), 1), 0) << path;
  return RepoPtr(raw);
}

}  // namespace ferry::writer::git::testing_git
