// Helpers shared by the store tests: a Change of bundles (LocalGitRepo and RemoteGitRepo tests), and for the
// RemoteGitRepo tests (file:// in writer_test, real servers in writer_integration_test) server-side
// repositories made and checked with the git CLI.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "writer/state_store.h"
#include "writer/store_spec.h"

namespace ferry::writer::testing_remote {

Change change_of(std::vector<Bundle> bundles, std::vector<std::string> removed = {});

// `git init --bare -b main <path>`, accepting pushes over git-http-backend too.
void make_server_repo(const std::filesystem::path& path);

// The spec of a remote store over file:// on branch main of `server`, cached in `cache_dir`, with a fixed
// retry seed.
StoreSpec file_store_spec(const std::filesystem::path& server, const std::filesystem::path& cache_dir);

// Commits `file` with `content` on `branch` of the bare repository `repo` with the git CLI (a throwaway
// clone in `scratch`), as another writer would; returns the new tip.
std::string push_other_commit(const std::filesystem::path& repo, const std::filesystem::path& scratch,
                              const std::string& file, const std::string& content,
                              const std::string& branch = "main");

// Applies an add, a change and a no-op through `store` and checks each on the server's bare repository
// `server` with the git CLI: one commit each for the first two, none for the third.
void expect_add_change_noop(StateStore& store, const std::filesystem::path& server,
                            const std::string& branch = "main");

// Every file below `dir` whose bytes contain `needle` (for "no secret in the cache" checks).
std::vector<std::filesystem::path> files_containing(const std::filesystem::path& dir,
                                                    const std::string& needle);

}  // namespace ferry::writer::testing_remote
