// Helpers of the crash tests (crash_e2e_test.cpp, random_kill_e2e_test.cpp): a platform site of its own
// (a copy of fixtures/platform with its repositories), the branch trees and recorded state to compare
// with a run that was never interrupted, and the check that no commit holds part of a request's bundle.
// Everything is read with the git CLI, not with ferry's libgit2 code.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "tests/e2e/records_agree.h"
#include "tests/support/ferry_binary.h"
#include "tests/support/test_support.h"

namespace ferry::testing {

using Tree = std::map<std::string, std::string>;  // path -> blob id of every file of a commit

// What a run leaves, minus what differs between two correct histories (commit ids, times).
struct Snapshot {
  std::map<std::string, Tree> trees;            // store name -> its branch's tree
  std::map<std::string, nlohmann::json> state;  // record path -> the record, normalised
  bool operator==(const Snapshot&) const = default;
};

// The files of one request (or one Promise's dependencies) in one store, keyed "<store>:<directory>".
using Bundles = std::map<std::string, Tree>;

// A git server a Site's stores live on: bare repositories created below `root`, reached at `url`/<name>
// (ci/git-servers' FERRY_GIT_DAEMON_ROOT and FERRY_GIT_DAEMON_URL).
struct StoreServer {
  std::filesystem::path root;
  std::string url;
};

class Site {
 public:
  static constexpr const char* kStores[] = {"clusters", "observability"};

  Site();  // a copy of fixtures/platform, its repositories not created yet
  // The same, its two stores new empty repositories <name>-<store>.git on `server` (an earlier site's of
  // that name removed), written through the remote store and its fetch cache. Sites to compare take the same
  // name: the stores' URLs are inputs of the recorded state's digests.
  Site(const StoreServer& server, const std::string& name);
  std::filesystem::path platform() const { return dir_.path() / "platform"; }
  std::filesystem::path repo(const std::string& store) const;
  std::filesystem::path cache() const { return dir_.path() / "cache"; }
  std::filesystem::path state_repo() const { return platform() / ".ferry/state.git"; }
  std::string stderr_text() const;
  // Runs keep their pipeline cache in `dir` (--pipeline-cache-dir) rather than the user's default one, so
  // that sites which share it start warm or cold together, whatever other tests cached.
  void use_pipeline_cache(const std::filesystem::path& dir) { pipeline_cache_ = dir; }

  // `ferry reconcile` (--runtime exec); with a fault, under FERRY_FAULT_POINT=fault. Its exit code as a
  // shell reports it: 137 when ferry was killed by SIGKILL.
  int reconcile(const std::string& fault = "") const;
  // The same run started in the background (its own process group); the caller waits for it.
  pid_t start_reconcile() const;

  Snapshot snapshot() const;
  // Every commit reachable from `store`'s branch and not from `since` (all when empty).
  std::vector<std::string> commits(const std::string& store, const std::string& since = "") const;
  std::string tip(const std::string& store) const;  // "" when the branch does not exist yet
  // Files whose name ends in .lock inside the repositories and the remote stores' cache repositories, but
  // for the flock files (the writers' lock, a cache repository's <name>.lock beside it): a lock file git or
  // libgit2 left behind would stop the next writer.
  std::vector<std::string> lock_files() const;

 private:
  TempDir dir_;
  std::optional<StoreServer> server_;
  std::string server_name_;
  std::optional<std::filesystem::path> pipeline_cache_;
  FerryArgs arguments() const;  // `reconcile PLATFORM ...`, after the binary's path
};

// Every file and record, one a line, for GoogleTest's failure messages.
void PrintTo(const Snapshot& snapshot, std::ostream* out);

Tree tree_at(const std::filesystem::path& repo, const std::string& rev);
Bundles bundles_of(const std::string& store, const Tree& tree);
// The bundles of `tree` equal to none of the whole versions in `wholes`: each one is a partial bundle.
std::vector<std::string> partial_bundles(const std::string& store, const Tree& tree,
                                         const std::vector<const Bundles*>& wholes);
// Every bundle of every store of a snapshot.
Bundles bundles_of(const Snapshot& snapshot);
// Fails the test for every commit of every store of `site` that holds a bundle equal to none in `whole`.
void expect_whole_commits(const Site& site, const Bundles& whole);
// The same for the commits of `store` after `since` (all when empty), against any of `wholes`, in one
// `git log` of the branch rather than one `git ls-tree` per commit: the tree of `since` is read once and
// each commit's changes are applied to it in order (a commit whose first parent is not the one before is
// read whole). Every bundle of every commit's whole tree is checked, as expect_whole_commits does.
// `context` prefixes each failure.
void expect_whole_commits_since(const Site& site, const std::string& store, const std::string& since,
                                const std::vector<const Bundles*>& wholes, const std::string& context);

// records_agree.h's check on a snapshot's trees and records.
std::vector<std::string> record_disagreements(const Snapshot& snapshot);

}  // namespace ferry::testing
