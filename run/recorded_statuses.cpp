#include "run/recorded_statuses.h"

#include "pipeline/object_status.h"

namespace ferry::runner {

namespace {

// The published statuses live below this folder of the state branch (ObjectRecord::status_path).
constexpr const char* kPublishedStatusFolder = "status";

}  // namespace

Result<std::optional<std::string>> RecordedStatuses::read_locked(const std::string& path) const {
  const auto found_in = [&path](const std::map<std::string, std::string>& files) {
    const auto found = files.find(path);
    return found == files.end() ? std::optional<std::string>() : std::optional(found->second);
  };
  if (whole_) return found_in(*whole_);
  if (const auto known = read_.find(path); known != read_.end()) return known->second;
  if (!tip_) {
    // One tip for every status this run reads, and for a remote store one fetch: later reads take the tip.
    auto history = store_->history_since(std::nullopt);
    if (!history) return history.error();
    tip_ = history->tip.value_or("");
  }
  if (tip_->empty() || read_.size() >= kSingleReads) {
    // A store that names no tip (one that keeps no history, or a branch not made yet) is read as it is.
    auto files = tip_->empty() ? store_->read_files(kPublishedStatusFolder)
                               : store_->read_files_at(*tip_, kPublishedStatusFolder);
    if (!files) return files.error();
    whole_ = std::move(*files);
    read_.clear();
    return found_in(*whole_);
  }
  auto text = store_->read_file_at(*tip_, path);
  if (!text) return text.error();
  return read_.emplace(path, std::move(*text)).first->second;
}

Result<std::optional<std::string>> RecordedStatuses::published(const ObjectRecord& record) const {
  if (store_ == nullptr) return std::optional<std::string>();
  const std::lock_guard lock(mutex_);
  return read_locked(record.status_path());
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
