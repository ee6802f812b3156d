// MemoryStateStore: a StateStore whose branch lives only in memory, for the product to use on purpose.
// Its user is reconcile_compound (run/compound.cpp): when the caller passes no run state, the passes of one
// run keep their state in one, so each pass runs only what changed and nothing is written anywhere. It has
// LocalGitRepo's semantics without Git (file_tree.h, path_rules.h, drift.h): the same path rules, "no change,
// no commit", and the same restored drift. The tests' recording fake (tests/support/recording_state_store.h)
// builds on it. `ferry plan`'s PlanningStore shares file_tree.h with it, not this class: it reads a real
// branch first and reports no drift. Thread-safe.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "writer/file_tree.h"
#include "writer/state_store.h"

namespace ferry::writer {

class MemoryStateStore : public StateStore {
 public:
  // `name` tells stores apart in messages: "in-memory state store <name>".
  explicit MemoryStateStore(std::string name) : MemoryStateStore(std::move(name), "memory-") {}

  std::string describe() const override { return "in-memory state store " + name_; }

  // Same contract as LocalGitRepo::apply: removals first, then every bundle file, then the file writes,
  // then the flat edits (flat_layout.h, read against the content before the change); no commit (empty
  // CommitOutcome) when the files did not change; otherwise the next sha, "<sha prefix>1", "<sha prefix>2",
  // ..., with the paths the commit put back after set_files() changed them (drift.h).
  Result<CommitOutcome> apply(const Change& change) override;

  // Files at or below `prefix`, keyed by repository-relative path, like LocalGitRepo::read_files.
  Result<Files> read_files(const std::string& prefix) override;

  // The current content of the branch.
  Files files() const;

 protected:
  MemoryStateStore(std::string name, std::string sha_prefix)
      : name_(std::move(name)), sha_prefix_(std::move(sha_prefix)) {}

  const std::string& name() const { return name_; }
  // Replaces the branch content without a commit, as another writer would.
  void set_files(Files files);

 private:
  std::string name_;
  std::string sha_prefix_;
  mutable std::mutex mutex_;
  Files files_;
  std::size_t commit_count_ = 0;
  // The branch content right after the last commit of each summary line: a change's owner is found by it.
  std::map<std::string, Files> last_commit_files_;
};

}  // namespace ferry::writer
