// The statuses the previous run kept beside its records (run_state.h: each object's published status file
// on the state branch, docs/status.md), read only when something wants one: the objects that run (their
// status is fed back to their pipelines), the reports that show skipped objects, and `ferry status`. A run in
// which nothing runs, and whose report shows no status, reads none of them.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "core/error.h"
#include "run/run_state.h"
#include "writer/state_store.h"

namespace ferry::runner {

class RecordedStatuses {
 public:
  // `store` null: no state, every status is "".
  explicit RecordedStatuses(writer::StateStore* store) : store_(store) {}

  // The status `record` was left with: its inline status (a record of an earlier version, or one this run
  // made), else the one of its published file, all of which are read the first time one is asked for; ""
  // when it has none. Thread-safe. An error when the state cannot be read.
  Result<std::string> of(const ObjectRecord& record) const;
  // The text of `record`'s published status file (run_state.h ObjectRecord::status_path); nullopt when it
  // has none. Read as `of` reads it.
  Result<std::optional<std::string>> published(const ObjectRecord& record) const;

 private:
  writer::StateStore* store_;
  mutable std::mutex mutex_;
  mutable std::optional<Result<std::map<std::string, std::string>>> published_;  // status/, once read
};

// Fills in the status of every record of `state` kept beside it (ferry status). An error when the state
// cannot be read.
Status read_statuses(writer::StateStore& store, RunState& state);

}  // namespace ferry::runner
