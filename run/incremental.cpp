#include "run/incremental.h"

#include "pipeline/duration.h"
#include "platform/binding_names.h"
#include "run/promise_revisions.h"
#include "run/upgrades.h"

namespace ferry::runner {

ObjectInputs inputs_of(const InputDigests& digests, const pipeline::Promise& promise) {
  ObjectRecord key;
  key.kind = "Promise";
  key.name = promise.name;
  return {key.directory(), digests.of(promise), promise.object_yaml,
          promise.controls.reconciliation_interval};
}

ObjectInputs inputs_of(const InputDigests& digests, const pipeline::Request& request) {
  ObjectRecord key;
  key.kind = request.kind;
  key.name = request.name;
  key.namespace_ = request.namespace_;
  key.promise = request.promise;
  return {key.directory(), digests.of(request), request.object_yaml};
}

namespace {

// What the record keeps of the Promise's revisions or the request's upgrade (docs/lifecycle.md).
void record_lifecycle(const ObjectRecord* before, ObjectRecord& record, const ObjectInputs& inputs) {
  if (inputs.version.empty()) return;
  if (record.kind == "Promise") return add_revision(before, record, inputs.version);
  record_upgrade(before, record, inputs.version, inputs.binding_version);
  record.upgrade.binding_name = inputs.binding_name;
  record.upgrade.labels = inputs.binding_labels;
}

}  // namespace

IncrementalRun::IncrementalRun(const RunState* before, SelectionOptions options, StatusHandling status)
    : before_(before), options_(std::move(options)), status_(status) {
  if (!status_.statuses) status_.statuses = &inline_statuses_;
}

const ObjectRecord* IncrementalRun::leaves(const std::string& directory) const {
  if (const auto found = delta_.find(directory); found != delta_.end())
    return found->second ? &*found->second : nullptr;
  return recorded(directory);
}

ObjectRecord& IncrementalRun::changed(const std::string& directory) {
  std::optional<ObjectRecord>& entry = delta_[directory];
  if (!entry) entry = before_->at(directory);
  return *entry;
}

std::optional<RequestReport> IncrementalRun::skip(const RequestReport& identity, const ObjectInputs& inputs) {
  if (!before_ || must_run_.contains(inputs.directory)) return std::nullopt;
  const auto found = before_->find(inputs.directory);
  const ObjectRecord* record = found == before_->end() ? nullptr : &found->second;
  const WorkDecision decision = decide_work(record, inputs.digest, options_, inputs.reconciliation_interval);
  if (decision.run) return std::nullopt;
  RequestReport report = identity;
  report.result =
      record->result == RequestResult::suspended ? RequestResult::suspended : RequestResult::skipped;
  report.message = decision.reason;
  report.placements = record->placements;
  report.status_message = record->status_message;
  // A skipped object keeps its last status; its report shows it when asked (a status that cannot be read
  // is left out of the report only: the record, and the status beside it, stay as they are).
  if (status_.skipped_statuses) {
    auto status = status_.statuses->of(*record);
    if (status) report.status_yaml = std::move(*status);
  }
  report.retry_at = record->retry_at.value_or("");
  if (const auto drifted = drift_.find(inputs.directory); drifted != drift_.end()) {
    report.result = RequestResult::drifted;
    report.drifted = drifted->second;
    report.message =
        "files it placed were changed by someone else since; run with --restore-drift to put "
        "them back";
  }
  return report;
}

void IncrementalRun::follow_request_text(const pipeline::Request& request, const std::string& directory) {
  const std::lock_guard lock(mutex_);
  const ObjectRecord* left = leaves(directory);
  if (!left || left->upgrade.empty() || left->object_yaml == request.object_yaml) return;
  ObjectRecord& record = changed(directory);
  record.object_yaml = request.object_yaml;
  BindingIdentity binding = binding_identity(request);
  record.upgrade.binding_name = std::move(binding.name);
  record.upgrade.labels = std::move(binding.labels);
}

RequestReport IncrementalRun::paused(const RequestReport& identity, const ObjectInputs& inputs,
                                     const std::string& why) {
  RequestReport report = identity;
  report.result = RequestResult::paused;
  report.message = why;
  if (!before_) return report;
  const auto found = before_->find(inputs.directory);
  if (found == before_->end()) return report;  // never run: nothing to keep, and the next run sees it new
  report.placements = found->second.placements;
  report.status_message = found->second.status_message;
  ObjectRecord record = found->second;
  record.result = RequestResult::paused;
  record.message = why;
  const std::lock_guard lock(mutex_);
  delta_[inputs.directory] = std::move(record);
  return report;
}

RequestReport IncrementalRun::held(const RequestReport& identity, const ObjectInputs& inputs,
                                   const std::string& why) {
  RequestReport report = identity;
  report.result = RequestResult::held;
  report.message = why;
  if (const ObjectRecord* record = recorded(inputs.directory)) {
    report.placements = record->placements;
    report.status_message = record->status_message;
  }
  return report;
}

const ObjectRecord* IncrementalRun::recorded(const std::string& directory) const {
  if (!before_) return nullptr;
  const auto found = before_->find(directory);
  return found == before_->end() ? nullptr : &found->second;
}

void IncrementalRun::set_drift(DriftFindings findings, bool restore) {
  const std::lock_guard lock(mutex_);
  if (restore) {
    for (const auto& [directory, paths] : findings) must_run_.insert(directory);
  }
  drift_ = std::move(findings);
}

void IncrementalRun::run_regardless(const std::string& directory) {
  const std::lock_guard lock(mutex_);
  must_run_.insert(directory);
}

void IncrementalRun::record(const RequestReport& report, const ObjectInputs& inputs) {
  if (!before_) return;
  ObjectRecord record;
  record.kind = report.kind;
  record.name = report.name;
  record.namespace_ = report.namespace_;
  record.promise = report.promise;
  record.input_digest = inputs.digest;
  record.result = report.result;
  record.message = report.message;
  record.status_message = report.status_message;
  if (status_.record) record.status_yaml = report.status_yaml;
  // A status that kept a healthStatus through the run (fed back to its pipeline): run/health_rollup.h
  // sets its digest, and until then it is not known.
  if (record.status_yaml.find("healthStatus") != std::string::npos)
    record.health_digest = kUnknownHealthDigest;
  record.last_run = pipeline::format_rfc3339_utc(options_.now);
  if (!report.retry_at.empty()) record.retry_at = report.retry_at;
  record.placements = report.placements;
  record.commits = report.commits;
  record.object_yaml = std::string(inputs.object_yaml);
  record_lifecycle(recorded(inputs.directory), record, inputs);
  const std::lock_guard lock(mutex_);
  delta_[inputs.directory] = std::move(record);
}

void IncrementalRun::forget(const ObjectRecord& record) {
  const std::lock_guard lock(mutex_);
  delta_[record.directory()] = std::nullopt;
}

void IncrementalRun::keep_failed_deletion(const ObjectRecord& record, const std::string& message) {
  const std::lock_guard lock(mutex_);
  ObjectRecord& kept = delta_[record.directory()].emplace(record);
  kept.message = "deletion failed: " + message;
}

std::optional<std::string> IncrementalRun::update_health(
    const std::string& directory, const std::string& digest,
    const std::function<std::string(const std::string&)>& change) {
  const std::lock_guard lock(mutex_);
  const ObjectRecord* left = leaves(directory);
  if (!left) return std::nullopt;
  std::string status;
  if (left->status_beside) {  // not read yet: read it only if its health changes
    if (left->health_digest == digest) return std::nullopt;
    auto read = status_.statuses->of(*left);
    if (!read) return std::nullopt;  // unreadable: the status stays as it is
    status = change(*read);
  } else {
    status = change(left->status_yaml);
    // The same record again: not copied into the delta.
    if (status == left->status_yaml && left->health_digest == digest) return status;
  }
  ObjectRecord& record = changed(directory);
  record.status_yaml = status;
  record.status_beside = false;
  record.health_digest = digest;
  return status;
}

Result<std::string> IncrementalRun::previous_status(const std::string& directory) const {
  if (!before_) return std::string();
  const auto found = before_->find(directory);
  if (found == before_->end() || !status_.record) return std::string();
  return status_.statuses->of(found->second);
}

std::vector<PlacementReport> IncrementalRun::recorded_placements(const std::string& directory) const {
  if (!before_) return {};
  const auto found = before_->find(directory);
  return found == before_->end() ? std::vector<PlacementReport>{} : found->second.placements;
}

}  // namespace ferry::runner
