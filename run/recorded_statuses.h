// The statuses the previous run kept beside its records (run_state.h: each object's published status file
// on the state branch, docs/status.md), read only when something wants one: the objects that run (their
// status is fed back to their pipelines), the reports that show skipped objects, and `ferry status`. A run in
// which nothing runs, and whose report shows no status, reads none of them; one in which one object runs
// reads that object's file only.
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
  // made), else the one of its published file, read the first time it is asked for (each at the state
  // branch's tip as of the first one read); "" when it has none. Past kSingleReads files, the rest of the
  // folder is read in one go (a run that reruns most objects), and so is it at once from a store that
  // names no tip (StateStore::history_since: in memory). Thread-safe. An error when the state cannot
  // be read.
  Result<std::string> of(const ObjectRecord& record) const;
  // The text of `record`'s published status file (run_state.h ObjectRecord::status_path); nullopt when it
  // has none. Read as `of` reads it.
  Result<std::optional<std::string>> published(const ObjectRecord& record) const;

  static constexpr std::size_t kSingleReads = 64;

 private:
  // The file at `path` (under mutex_): read alone, or with the whole folder past kSingleReads.
  Result<std::optional<std::string>> read_locked(const std::string& path) const;

  writer::StateStore* store_;
  mutable std::mutex mutex_;
  mutable std::optional<std::string> tip_;                           // the tip they are read at ("": none)
  mutable std::map<std::string, std::optional<std::string>> read_;   // status path -> text, each once read
  mutable std::optional<std::map<std::string, std::string>> whole_;  // status/, once read whole
};

// Fills in the status of every record of `state` kept beside it (ferry status). An error when the state
// cannot be read.
Status read_statuses(writer::StateStore& store, RunState& state);

}  // namespace ferry::runner
