// Committing one object's Changes to its state stores. Each store's commit is atomic (compare-and-swap,
// writer/state_store.h); across stores a request is all-or-nothing (docs/reliability.md, "Multi-repository
// requests"): before the first commit of an object that writes to two or more stores, run/journal.h
// records what puts each store back; when a later store fails, the stores already committed are reverted,
// newest first, by new commits ("Revert from: ..."), and the entry goes. A revert that cannot be made
// (someone changed those paths since, a remote that is down) stays in the journal for the next run.
#pragma once

#include <map>
#include <mutex>
#include <string>

#include "core/error.h"
#include "platform/platform.h"
#include "run/journal.h"
#include "run/run_report.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct OpenStore {
  const GitStateStore* config = nullptr;
  writer::StateStore* store = nullptr;
  std::mutex write_mutex;  // one writer per repository; compare-and-swap still guards other processes
};
using OpenStores = std::map<std::string, OpenStore>;

// Who a transaction is for.
struct TransactionId {
  std::string directory;  // ObjectRecord::directory(): the journal's key
  std::string identity;   // "team-a/cache (Redis, Promise redis)" or "Promise redis"
  std::string input_digest;
};

// Commits each store's change in store order, adding each commit and the push retries to `report`.
// Without the journal: a failure part-way leaves the earlier stores committed (deletions, which a later
// run finishes from their kept record). A started commit lands whole even when a second signal arrives.
Status commit_each(const std::map<std::string, writer::Change>& changes, OpenStores& stores,
                   RequestReport& report);

// commit_each as one transaction, when the changes name two or more stores or the journal holds an
// entry of an earlier run for the object (then its undos come first: this run's are added after them).
// Everything committed: the entry goes. A store failed: every undo of the entry is applied newest first,
// the revert commits are added to `report`, and the error says what happened, e.g.
//   <the store's error>
//   store b failed after commits to a; reverted: a 0123456789ab
// or, when some revert failed (those undos stay in the journal):
//   store b failed after commits to a; not reverted, kept in the journal for the next run: <why>
Status commit_transaction(const TransactionId& id, const std::map<std::string, writer::Change>& changes,
                          OpenStores& stores, Journal& journal, RequestReport& report);

// The object will not commit in this run (it failed, or vanished from the platform): reverts what the
// journal holds of it, as commit_transaction does. "" without an entry, else the sentence to report:
//   reverted what an earlier run committed part-way: a 0123456789ab
//   not reverted what an earlier run committed part-way, kept in the journal for the next run: <why>
std::string revert_journaled(const std::string& directory, OpenStores& stores, Journal& journal,
                             RequestReport& report);

}  // namespace ferry::runner
