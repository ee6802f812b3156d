// PlanningStore: `ferry plan`'s StateStore. It wraps a real store, reads its branch once, and applies every
// Change in memory (file_tree.h) instead of committing, so a whole run can be planned with the code that
// reconciles, and nothing is written. What it would have committed stays readable after the store is gone,
// through the shared PlannedContent.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "writer/file_tree.h"
#include "writer/state_store.h"

namespace ferry::writer {

// The branch content before the plan and after every change applied to it so far.
class PlannedContent {
 public:
  explicit PlannedContent(std::string store) : store_(std::move(store)) {}
  const std::string& store() const { return store_; }
  // Both empty until the first read or apply, which reads the real branch.
  Files before() const;
  Files after() const;

 private:
  friend class PlanningStore;
  std::string store_;
  mutable std::mutex mutex_;
  bool read_ = false;
  Files before_;
  Files after_;
};

class PlanningStore : public StateStore {
 public:
  PlanningStore(std::unique_ptr<StateStore> real, std::shared_ptr<PlannedContent> planned);

  std::string describe() const override { return real_->describe(); }
  // As StateStore::apply, in memory: the outcome's commit_sha is "planned-N" when the content changes.
  Result<CommitOutcome> apply(const Change& change) override;
  // The planned content: the real branch with every change applied so far.
  Result<Files> read_files(const std::string& prefix) override;
  // The real branch's: a plan reads drift as a run would, before anything is planned.
  Result<BranchHistory> history_since(const std::optional<std::string>& since) override {
    return real_->history_since(since);
  }

 private:
  Status read_real_branch();  // once, with planned_->mutex_ held

  std::unique_ptr<StateStore> real_;
  std::shared_ptr<PlannedContent> planned_;
  int changes_ = 0;
};

}  // namespace ferry::writer
