#include "run/recorded_statuses.h"

#include "pipeline/object_status.h"

namespace ferry::runner {

namespace {

// The published statuses live below this folder of the state branch (ObjectRecord::status_path).
constexpr const char* kPublishedStatusFolder = "status";

}  // namespace

Result<std::optional<std::string>> RecordedStatuses::published(const ObjectRecord& record) const {
  if (store_ == nullptr) return std::optional<std::string>();
  const std::lock_guard lock(mutex_);
  if (!published_) published_ = store_->read_files(kPublishedStatusFolder);
  if (!*published_) return published_->error();
  const auto found = (*published_)->find(record.status_path());
  if (found == (*published_)->end()) return std::optional<std::string>();
  return std::optional(found->second);
}

Result<std::string> RecordedStatuses::of(const ObjectRecord& record) const {
  if (!record.status_beside) return record.status_yaml;
  auto text = published(record);
  if (!text) return text.error();
  // Parsed outside the lock: several objects' workflows start at once.
  return *text ? pipeline::status_of_object_text(**text) : std::string();
}

Status read_statuses(writer::StateStore& store, RunState& state) {
  const RecordedStatuses statuses(&store);
  for (auto& [directory, record] : state) {
    auto status = statuses.of(record);
    if (!status) return status.error();
    record.status_yaml = std::move(*status);
    record.status_beside = false;
  }
  return ok();
}

}  // namespace ferry::runner
