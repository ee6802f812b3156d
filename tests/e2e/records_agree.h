// The invariant of docs/state.md: the records and the Destinations agree. What a record says was placed is
// in some store's tree, and every request bundle or Promise dependency directory in a store has a record.
// Checked after every completed run of the end-to-end suites (platform_fixture.h) and of the crash suites
// (crash_support.h). Everything is read with the git CLI, not with ferry's libgit2 code.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ferry::testing {

using RepoFiles = std::map<std::string, std::string>;  // path -> blob id of every file of a commit

// Where `records` (record path, e.g. "requests/redis/default/cache-a/record.json" -> the record) and
// `trees` (store name -> its branch's files) disagree, one line each; empty when they agree: a placement a
// record names that no tree holds a file under, and a bundle directory in a tree that no record owns.
std::vector<std::string> record_disagreements(const std::map<std::string, RepoFiles>& trees,
                                              const std::map<std::string, nlohmann::json>& records);

// "<...>/resources/<ns>/<promise>/<name>" or "<...>/dependencies/<promise>" of a path; the path itself when
// it is in no bundle (canary files, files beside ferry's).
std::string bundle_directory(const std::string& path);

// Every file of `branch` in the bare repository `repo`; empty when there is no such branch.
RepoFiles files_of_branch(const std::filesystem::path& repo, const std::string& branch);

// Every record of the state repository's `branch`, by path.
std::map<std::string, nlohmann::json> records_of(const std::filesystem::path& state,
                                                 const std::string& branch);

}  // namespace ferry::testing
