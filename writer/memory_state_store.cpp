// MemoryStateStore: apply and read against a branch held in memory (memory_state_store.h).
#include "writer/memory_state_store.h"

#include <utility>
#include <vector>

#include "writer/drift.h"
#include "writer/path_rules.h"

namespace ferry::writer {
namespace {

// As LocalGitRepo: the change's paths someone changed since its owner's last commit (`own`, null when the
// owner never committed) that `next` puts back.
std::vector<std::string> restored_drift(const Change& change, const FileEdits& edits, const Files* own,
                                        const Files& now, const Files& next) {
  if (own == nullptr || *own == now) return {};
  const DriftScope scope = drift_scope(change, edits);
  return restored_paths(in_scope(*own, scope), in_scope(now, scope), in_scope(next, scope));
}

}  // namespace

Result<CommitOutcome> MemoryStateStore::apply(const Change& change) {
  const std::lock_guard lock(mutex_);
  auto applied = apply_to_files(files_, change);
  if (!applied) return applied.error();
  if (applied->files == files_) return CommitOutcome{};
  const std::string summary = summary_of(change.message);
  const auto own = last_commit_files_.find(summary);
  std::vector<std::string> drift =
      restored_drift(change, applied->edits, own == last_commit_files_.end() ? nullptr : &own->second, files_,
                     applied->files);
  files_ = std::move(applied->files);
  last_commit_files_[summary] = files_;
  return CommitOutcome{sha_prefix_ + std::to_string(++commit_count_), std::move(drift)};
}

Result<Files> MemoryStateStore::read_files(const std::string& prefix) {
  auto trimmed = normalise_read_prefix(prefix);
  if (!trimmed) return trimmed.error();
  const std::lock_guard lock(mutex_);
  return files_below(files_, *trimmed);
}

Files MemoryStateStore::files() const {
  const std::lock_guard lock(mutex_);
  return files_;
}

void MemoryStateStore::set_files(Files files) {
  const std::lock_guard lock(mutex_);
  files_ = std::move(files);
}

}  // namespace ferry::writer
