// The journal of multi-repository transactions (docs/reliability.md, "Multi-repository requests"): before an
// object's first commit to two or more state stores, what would put each store back is recorded; once
// every store committed, or once the commits were reverted, the entry goes. An entry a run leaves behind
// (a crash, a revert that failed) tells the next run to run that object again and then either drop the
// entry (everything committed) or revert with it (the object failed).
//
// Entries live where the run's records do (run/state_access.h): one file per object on the state
// branch, journal/<object directory>/entry.json (ObjectRecord::directory), each written by its own
// compare-and-swap commit, so an entry is there whole or not at all. --no-state runs and `ferry plan`
// keep them in memory only.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "writer/inverse_change.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct StoreUndo {
  std::string store;  // the GitStateStore's name
  writer::Undo undo;
};

struct JournalEntry {
  std::string directory;         // the object's record directory: the entry's key
  std::string identity;          // "team-a/cache (Redis, Promise redis)" or "Promise redis", for messages
  std::string input_digest;      // the inputs of the run that wrote the entry
  std::vector<StoreUndo> undos;  // in commit order; reverted newest first
};

// The entry as JSON (file contents base64) and back; exposed for tests.
std::string entry_json(const JournalEntry& entry);
Result<JournalEntry> parse_entry(const std::string& text, const std::string& path);

// The entries of one run. Thread-safe.
class Journal {
 public:
  // `store` null: in memory only. `persist` false: entries are read from `store` but never written there.
  Journal(writer::StateStore* store, bool persist) : store_(store), persist_(persist) {}

  // Reads the entries earlier runs left in the store.
  Status load();
  std::optional<JournalEntry> find(const std::string& directory) const;
  std::vector<JournalEntry> entries() const;
  // Writes the object's entry (replacing an earlier one) and returns once it is committed.
  Status record(const JournalEntry& entry);
  Status remove(const std::string& directory);

  // What the run did with entries of earlier runs, for the report's journal lines.
  void note(std::string line);
  std::vector<std::string> notes() const;

 private:
  Status commit(writer::Change change);

  writer::StateStore* store_;
  bool persist_;
  mutable std::mutex mutex_;
  std::map<std::string, JournalEntry> entries_;
  std::vector<std::string> notes_;
};

}  // namespace ferry::runner
