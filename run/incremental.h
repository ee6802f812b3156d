// The bookkeeping of one incremental run: asks work_selection whether each object runs, answers for the
// skipped ones from their records, and collects the records the run leaves behind (run_state.h).
// Thread-safe: requests are decided and recorded from parallel tasks.
#pragma once

#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "run/drift_check.h"
#include "run/recorded_statuses.h"
#include "run/run_state.h"
#include "run/work_selection.h"

namespace ferry::runner {

struct ObjectInputs {
  std::string directory;  // the record's directory (ObjectRecord::directory)
  std::string digest;     // its input digest
  // The object's text, a view of the platform's object: the platform outlives the run, and copying 10,000
  // requests' texts to decide that they are unchanged was a cost of the no-op (docs/load-cache.md).
  std::string_view object_yaml;
  // Its Promise's own reconciliation interval (pipeline::ReconcileControls); none: the run's.
  std::optional<std::chrono::seconds> reconciliation_interval = std::nullopt;
  // The Promise version it runs with (run/promise_revisions.h) and, for a request, its binding's version:
  // what its record keeps of revisions and upgrades. "" when not set (nothing kept).
  std::string version = {};
  std::string binding_version = {};
  // A request's binding as Kratix keeps it (platform/binding_names.h): its record follows its labels.
  std::string binding_name = {};
  Labels binding_labels = {};
};

ObjectInputs inputs_of(const InputDigests& digests, const pipeline::Promise& promise);
ObjectInputs inputs_of(const InputDigests& digests, const pipeline::Request& request);

// What a run does with the objects' statuses (docs/status.md).
struct StatusHandling {
  const RecordedStatuses* statuses = nullptr;  // reads those kept beside the records; null: inline ones only
  // A skipped object's report carries its status too (the JSON report and the GitHub summary show it),
  // which reads them all.
  bool skipped_statuses = true;
  // false (--no-status): the records keep no status (none is published) and none is fed back.
  bool record = true;
};

class IncrementalRun {
 public:
  // `before` null: no state; everything runs and nothing is recorded.
  IncrementalRun(const RunState* before, SelectionOptions options, StatusHandling status = {});
  // Whether there is state: without it nothing is skipped and nothing recorded.
  bool keeps_state() const { return before_ != nullptr; }

  // The report of a skipped object (its record's placements, and its status when skipped_statuses), or
  // nullopt when it must run.
  std::optional<RequestReport> skip(const RequestReport& identity, const ObjectInputs& inputs);
  // A skipped request whose record keeps its binding (docs/lifecycle.md) and whose text changed without a
  // change of its inputs (its labels): the record takes the new text and the binding's name and labels, as
  // Kratix's binding follows the request's labels on every reconcile. An unchanged one costs a comparison of
  // the texts; nothing is parsed.
  void follow_request_text(const pipeline::Request& request, const std::string& directory);
  // The object of record directory `directory` runs whatever its record says: the journal holds an
  // unfinished transaction of it (run/journal.h). Call before the objects run.
  void run_regardless(const std::string& directory);
  // Drift found this run (drift_check.h): an object with drift that would be skipped is reported
  // `drifted` with its paths, or, with `restore` (--restore-drift), runs, so that its commit puts the
  // files back (and reports them restored). Call before the objects run.
  void set_drift(DriftFindings findings, bool restore);
  // The report of an object not run because it (or its Promise) is paused: result paused, `why` as its
  // message, its recorded placements. Its record, if any, stays but for the result `paused`, so the run
  // after the label goes runs it (work_selection.h).
  RequestReport paused(const RequestReport& identity, const ObjectInputs& inputs, const std::string& why);
  // Records what a run of the object did, with its revision (a Promise) or upgrade state (a request) when
  // inputs.version is set.
  void record(const RequestReport& report, const ObjectInputs& inputs);
  // The report of a request not run this run although its inputs changed (run/upgrades.h: a failed upgrade
  // held, an upgrade deferred by --max-upgrades): `why` as its message, its recorded placements; its record
  // stays as it was, so a later run decides again.
  RequestReport held(const RequestReport& identity, const ObjectInputs& inputs, const std::string& why);
  // The previous run's record of the object of record directory `directory`; null without one.
  const ObjectRecord* recorded(const std::string& directory) const;
  // Forgets a deleted object; a failed deletion keeps its record (with the failure) for the next run.
  void forget(const ObjectRecord& record);
  void keep_failed_deletion(const ObjectRecord& record, const std::string& message);

  // Gives the record of directory `directory` that this run leaves the health of digest `digest`
  // (pipeline::health_digest): its status becomes `change(status)`, which is returned. nullopt, and nothing
  // read or changed, when the run leaves no such record, when its status kept beside it is unreadable, and
  // when that status is not read yet and already has this health (the no-op run's case).
  std::optional<std::string> update_health(const std::string& directory, const std::string& digest,
                                           const std::function<std::string(const std::string&)>& change);

  // The status the object of record directory `directory` was left with (YAML text; "" when none or not
  // recorded). An error when the state cannot be read.
  Result<std::string> previous_status(const std::string& directory) const;
  // The placements the previous run recorded for the object of record directory `directory`; none without
  // state or record. Read-only: safe from parallel tasks.
  std::vector<PlacementReport> recorded_placements(const std::string& directory) const;

  bool enabled() const { return before_ != nullptr; }
  const RunState& before() const { return *before_; }
  // What the run changed of before(): the records it wrote, kept again or forgot. Without a copy: only once
  // no task records any more (the run is over).
  const RunStateDelta& settled_delta() const { return delta_; }
  // Every record the run leaves (before() with the delta applied; none without state), a copy: for the
  // callers that need them all, once the run is over.
  RunState settled_after() const { return before_ ? applied(*before_, delta_) : RunState{}; }

 private:
  // The record of `directory` the run leaves so far (delta_, else before_); null when none. Under mutex_.
  const ObjectRecord* leaves(const std::string& directory) const;
  // The record of `directory` in delta_, made from before_'s when the run has not touched it; `directory`
  // has a record (leaves() is not null). Under mutex_.
  ObjectRecord& changed(const std::string& directory);

  // The records read, shared with their owner (run/recorded_run.h) and never changed: the run keeps only
  // what it changed of them (delta_), which saves a copy of every record (issue 25: 10,000 records copied
  // and freed for a run that changes one).
  const RunState* before_;
  SelectionOptions options_;
  RecordedStatuses inline_statuses_{nullptr};
  StatusHandling status_;
  mutable std::mutex mutex_;
  RunStateDelta delta_;
  std::set<std::string> must_run_;
  DriftFindings drift_;
};

}  // namespace ferry::runner
