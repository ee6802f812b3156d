#include "writer/planning_store.h"

#include "writer/path_rules.h"

namespace ferry::writer {

Files PlannedContent::before() const {
  const std::lock_guard lock(mutex_);
  return before_;
}

Files PlannedContent::after() const {
  const std::lock_guard lock(mutex_);
  return after_;
}

PlanningStore::PlanningStore(std::unique_ptr<StateStore> real, std::shared_ptr<PlannedContent> planned)
    : real_(std::move(real)), planned_(std::move(planned)) {}

Status PlanningStore::read_real_branch() {
  if (planned_->read_) return ok();
  auto files = real_->read_files("");
  if (!files) return files.error();
  planned_->before_ = *files;
  planned_->after_ = std::move(*files);
  planned_->read_ = true;
  return ok();
}

Result<CommitOutcome> PlanningStore::apply(const Change& change) {
  const std::lock_guard lock(planned_->mutex_);
  if (Status read = read_real_branch(); !read) return read.error();
  auto applied = apply_to_files(planned_->after_, change);
  if (!applied) return applied.error();
  if (applied->files == planned_->after_) return CommitOutcome{};
  planned_->after_ = std::move(applied->files);
  return CommitOutcome{"planned-" + std::to_string(++changes_), {}};
}

Result<Files> PlanningStore::read_files(const std::string& prefix) {
  auto trimmed = normalise_read_prefix(prefix);
  if (!trimmed) return trimmed.error();
  const std::lock_guard lock(planned_->mutex_);
  if (Status read = read_real_branch(); !read) return read.error();
  return files_below(planned_->after_, *trimmed);
}

}  // namespace ferry::writer
