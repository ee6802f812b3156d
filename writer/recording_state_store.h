// RecordingStateStore: an in-memory StateStore for tests of everything above the writer. It keeps the
// branch content in a std::map, applies the same path rules (path_rules.h) and the same "no change, no
// commit" rule as LocalGitRepo, and records every accepted Change. Thread-safe.
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "writer/path_rules.h"
#include "writer/state_store.h"

namespace ferry::writer {

struct RecordedCommit {
  std::string sha;  // "fake-1", "fake-2", ... in commit order
  Change change;
};

class RecordingStateStore : public StateStore {
 public:
  using Files = std::map<std::string, std::string>;

  explicit RecordingStateStore(std::string name = "recording") : name_(std::move(name)) {}

  std::string describe() const override { return "recording state store " + name_; }

  // Same contract as LocalGitRepo::apply: removals first, then every bundle file; no commit (empty
  // CommitOutcome) when the files did not change; otherwise the next fake sha.
  Result<CommitOutcome> apply(const Change& change) override {
    const std::lock_guard lock(mutex_);
    if (auto failure = std::exchange(next_failure_, std::nullopt)) return *failure;
    if (auto valid = validate_change(change); !valid) return valid.error();
    changes_.push_back(change);
    Files next = files_;
    for (const std::string& directory : change.removed_directories) remove_below(next, directory);
    for (const Bundle& bundle : change.bundles) remove_below(next, bundle.directory);
    for (const Bundle& bundle : change.bundles) {
      for (const auto& [file, content] : bundle.files) next[bundle.directory + "/" + file] = content;
    }
    if (next == files_) return CommitOutcome{};
    files_ = std::move(next);
    commits_.push_back({"fake-" + std::to_string(commits_.size() + 1), change});
    return CommitOutcome{commits_.back().sha};
  }

  // Files at or below `prefix`, keyed by repository-relative path, like LocalGitRepo::read_files.
  Result<Files> read_files(const std::string& prefix) override {
    auto trimmed = normalise_read_prefix(prefix);
    if (!trimmed) return trimmed.error();
    const std::lock_guard lock(mutex_);
    if (trimmed->empty()) return files_;
    const std::string below = *trimmed + "/";
    Files found;
    for (auto it = files_.lower_bound(below); it != files_.end() && it->first.starts_with(below); ++it) {
      found.insert(*it);
    }
    return found;
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
  // Drops `path` itself (a file where the directory should be) and everything below it.
  static void remove_below(Files& files, const std::string& path) {
    files.erase(path);
    const std::string below = path + "/";
    auto it = files.lower_bound(below);
    while (it != files.end() && it->first.starts_with(below)) it = files.erase(it);
  }

  std::string name_;
  mutable std::mutex mutex_;
  Files files_;
  std::vector<Change> changes_;
  std::vector<RecordedCommit> commits_;
  std::optional<Error> next_failure_;
};

}  // namespace ferry::writer
