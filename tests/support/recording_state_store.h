// RecordingStateStore: the StateStore fake for tests of everything above the writer. It is the product's
// MemoryStateStore (writer/memory_state_store.h: LocalGitRepo's semantics in memory) that also records every
// accepted Change, every commit with the content after it, every read prefix and every pack request; numbers
// its commits "fake-1", "fake-2", ...; and lets a test seed the branch (set_files) or fail the next apply.
// Thread-safe.
#pragma once

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "writer/memory_state_store.h"

namespace ferry::writer {

struct RecordedCommit {
  std::string sha;  // "fake-1", "fake-2", ... in commit order
  Change change;
  Files files;  // the branch content right after this commit
};

class RecordingStateStore : public MemoryStateStore {
 public:
  explicit RecordingStateStore(std::string name = "recording") : MemoryStateStore(std::move(name), "fake-") {}

  std::string describe() const override { return "recording state store " + name(); }

  // MemoryStateStore::apply, recorded; after fail_next_apply, that error instead and nothing recorded.
  Result<CommitOutcome> apply(const Change& change) override {
    const std::lock_guard lock(records_mutex_);
    if (auto failure = std::exchange(next_failure_, std::nullopt)) return *failure;
    auto outcome = MemoryStateStore::apply(change);
    if (!outcome) return outcome;
    changes_.push_back(change);
    if (outcome->commit_sha) commits_.push_back({*outcome->commit_sha, change, files()});
    return outcome;
  }

  // Records the request; a fake keeps no objects, so it packs none.
  Result<std::size_t> pack_loose_objects(std::size_t at_least) override {
    const std::lock_guard lock(records_mutex_);
    pack_requests_.push_back({commits_.size(), at_least});
    return std::size_t{0};
  }
  // Every pack_loose_objects() call: how many commits had been made then, and its `at_least`.
  std::vector<std::pair<std::size_t, std::size_t>> pack_requests() const {
    const std::lock_guard lock(records_mutex_);
    return pack_requests_;
  }

  // MemoryStateStore::read_files, with the prefix noted (read_prefixes).
  Result<Files> read_files(const std::string& prefix) override {
    {
      const std::lock_guard lock(records_mutex_);
      read_prefixes_.push_back(prefix);
    }
    return MemoryStateStore::read_files(prefix);
  }
  // MemoryStateStore::read_files (a fake keeps no history), with the prefix noted (read_at_prefixes).
  Result<Files> read_files_at(const std::string& commit, const std::string& prefix) override {
    (void)commit;
    {
      const std::lock_guard lock(records_mutex_);
      read_at_prefixes_.push_back(prefix);
    }
    return MemoryStateStore::read_files(prefix);
  }
  std::vector<std::string> read_at_prefixes() const {
    const std::lock_guard lock(records_mutex_);
    return read_at_prefixes_;
  }
  // How many read_files() and read_files_at() calls read `folder` or something below it.
  std::size_t reads_below(const std::string& folder) const {
    const std::lock_guard lock(records_mutex_);
    std::size_t count = 0;
    for (const auto* prefixes : {&read_prefixes_, &read_at_prefixes_})
      for (const std::string& prefix : *prefixes)
        if (prefix == folder || prefix.starts_with(folder + "/")) ++count;
    return count;
  }
  // The prefix of every read_files() call, in call order.
  std::vector<std::string> read_prefixes() const {
    const std::lock_guard lock(records_mutex_);
    return read_prefixes_;
  }

  // Every change apply() accepted (valid ones, including those that changed nothing), in call order.
  std::vector<Change> changes() const {
    const std::lock_guard lock(records_mutex_);
    return changes_;
  }
  // The changes that made a commit, with their fake shas, in commit order.
  std::vector<RecordedCommit> commits() const {
    const std::lock_guard lock(records_mutex_);
    return commits_;
  }
  std::size_t commit_count() const {
    const std::lock_guard lock(records_mutex_);
    return commits_.size();
  }
  // The current content of the branch.
  using MemoryStateStore::files;
  // Replaces the branch content without recording a commit (e.g. to simulate drift or another writer).
  using MemoryStateStore::set_files;
  // The next apply() returns `error` and records nothing (e.g. to simulate a rejected push).
  void fail_next_apply(Error error) {
    const std::lock_guard lock(records_mutex_);
    next_failure_ = std::move(error);
  }

 private:
  // Held across MemoryStateStore::apply, so the records are in the order of the commits.
  mutable std::mutex records_mutex_;
  std::vector<Change> changes_;
  std::vector<std::string> read_prefixes_;
  std::vector<std::string> read_at_prefixes_;
  std::vector<RecordedCommit> commits_;
  std::vector<std::pair<std::size_t, std::size_t>> pack_requests_;
  std::optional<Error> next_failure_;
};

}  // namespace ferry::writer
