// RecordingStateStore: an in-memory StateStore for tests of everything above the writer. It keeps the
// branch content in a std::map, applies the same path rules (path_rules.h) and the same "no change, no
// commit" rule as LocalGitRepo, and records every accepted Change. Thread-safe.
#pragma once

#include <algorithm>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "writer/drift.h"
#include "writer/file_tree.h"
#include "writer/path_rules.h"
#include "writer/state_store.h"

namespace ferry::writer {

struct RecordedCommit {
  std::string sha;  // "fake-1", "fake-2", ... in commit order
  Change change;
  std::map<std::string, std::string> files;  // the branch content right after this commit
};

class RecordingStateStore : public StateStore {
 public:
  explicit RecordingStateStore(std::string name = "recording") : name_(std::move(name)) {}

  std::string describe() const override { return "recording state store " + name_; }

  // Same contract as LocalGitRepo::apply: removals first, then every bundle file, then the file writes,
  // then the flat edits (flat_layout.h, read against the content before the change); no commit (empty
  // CommitOutcome) when the files did not change; otherwise the next fake sha.
  Result<CommitOutcome> apply(const Change& change) override {
    const std::lock_guard lock(mutex_);
    if (auto failure = std::exchange(next_failure_, std::nullopt)) return *failure;
    auto applied = apply_to_files(files_, change);
    if (!applied) return applied.error();
    changes_.push_back(change);
    if (applied->files == files_) return CommitOutcome{};
    std::vector<std::string> drift = restored_drift(change, applied->edits, applied->files);
    files_ = std::move(applied->files);
    commits_.push_back({"fake-" + std::to_string(commits_.size() + 1), change, files_});
    return CommitOutcome{commits_.back().sha, std::move(drift)};
  }

  // Files at or below `prefix`, keyed by repository-relative path, like LocalGitRepo::read_files.
  Result<Files> read_files(const std::string& prefix) override {
    auto trimmed = normalise_read_prefix(prefix);
    if (!trimmed) return trimmed.error();
    const std::lock_guard lock(mutex_);
    return files_below(files_, *trimmed);
  }

  // Records the request; a fake keeps no objects, so it packs none.
  Result<std::size_t> pack_loose_objects(std::size_t at_least) override {
    const std::lock_guard lock(mutex_);
    pack_requests_.push_back({commits_.size(), at_least});
    return std::size_t{0};
  }
  // Every pack_loose_objects() call: how many commits had been made then, and its `at_least`.
  std::vector<std::pair<std::size_t, std::size_t>> pack_requests() const {
    const std::lock_guard lock(mutex_);
    return pack_requests_;
  }

  // Every change apply() accepted (valid ones, including those that changed nothing), in call order.
  std::vector<Change> changes() const {
    const std::lock_guard lock(mutex_);
    return changes_;
  }
  // The changes that made a commit, with their fake shas, in commit order.
  std::vector<RecordedCommit> commits() const {
    const std::lock_guard lock(mutex_);
    return commits_;
  }
  std::size_t commit_count() const {
    const std::lock_guard lock(mutex_);
    return commits_.size();
  }
  // The current content of the branch.
  Files files() const {
    const std::lock_guard lock(mutex_);
    return files_;
  }
  // Replaces the branch content without recording a commit (e.g. to simulate drift or another writer).
  void set_files(Files files) {
    const std::lock_guard lock(mutex_);
    files_ = std::move(files);
  }
  // The next apply() returns `error` and records nothing (e.g. to simulate a rejected push).
  void fail_next_apply(Error error) {
    const std::lock_guard lock(mutex_);
    next_failure_ = std::move(error);
  }

 private:
  // As LocalGitRepo: the change's paths someone changed since its owner's last commit (same summary line)
  // that `next` puts back. set_files() is how tests make that happen.
  std::vector<std::string> restored_drift(const Change& change, const FileEdits& edits,
                                          const Files& next) const {
    const std::string summary = summary_of(change.message);
    const auto own = std::find_if(commits_.rbegin(), commits_.rend(), [&](const RecordedCommit& c) {
      return summary_of(c.change.message) == summary;
    });
    if (own == commits_.rend() || own->files == files_) return {};
    const DriftScope scope = drift_scope(change, edits);
    return restored_paths(in_scope(own->files, scope), in_scope(files_, scope), in_scope(next, scope));
  }

  std::string name_;
  mutable std::mutex mutex_;
  Files files_;
  std::vector<Change> changes_;
  std::vector<RecordedCommit> commits_;
  std::vector<std::pair<std::size_t, std::size_t>> pack_requests_;
  std::optional<Error> next_failure_;
};

}  // namespace ferry::writer
