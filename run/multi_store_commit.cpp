#include "run/multi_store_commit.h"

#include "core/fault_point.h"
#include "runtime/interrupt.h"

namespace ferry::runner {
namespace {

// Stops at the first store that fails, and names it in `failed_store`.
Status commit_in_turn(const std::map<std::string, writer::Change>& changes, OpenStores& stores,
                      RequestReport& report, std::string& failed_store) {
  for (const auto& [store_name, change] : changes) {
    if (!report.commits.empty() && !change.bundles.empty()) fault_point(FaultPoint::kBetweenStores);
    OpenStore& open = stores.at(store_name);
    std::lock_guard lock(open.write_mutex);
    auto outcome = open.store->apply(change);
    if (!outcome) {
      failed_store = store_name;
      return outcome.error();
    }
    report.push_retries += outcome->push_retries;
    if (outcome->commit_sha)
      report.commits.push_back(
          {store_name, open.config->branch, *outcome->commit_sha, outcome->drift_restored});
  }
  return ok();
}

struct Reverted {
  std::vector<std::string> reverted;  // "<store> <revert commit, 12 digits>"
  std::vector<std::string> failures;  // why an undo was not applied
  std::vector<StoreUndo> remaining;   // the undos not applied, in commit order
};

// Applies the entry's undos newest first. One that fails does not stop the others (other stores).
Reverted revert(const JournalEntry& entry, OpenStores& stores, RequestReport& report) {
  Reverted result;
  for (auto undo = entry.undos.rbegin(); undo != entry.undos.rend(); ++undo) {
    const auto found = stores.find(undo->store);
    if (found == stores.end()) {
      result.failures.push_back("store " + undo->store + " is no longer in the platform");
      result.remaining.insert(result.remaining.begin(), *undo);
      continue;
    }
    OpenStore& open = found->second;
    std::lock_guard lock(open.write_mutex);
    auto sha = writer::apply_undo(*open.store, undo->undo);
    if (!sha) {
      result.failures.push_back(sha.error().render());
      result.remaining.insert(result.remaining.begin(), *undo);
    } else if (*sha) {
      result.reverted.push_back(undo->store + " " + (*sha)->substr(0, 12));
      report.commits.push_back({undo->store, open.config->branch, **sha});
    }
  }
  return result;
}

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : separator) + item;
  return text;
}

// The entry goes when every undo was applied; else it keeps the ones that were not. A journal that cannot
// be written is one more failure.
void settle(JournalEntry entry, Reverted& reverted, Journal& journal) {
  entry.undos = reverted.remaining;
  Status written = entry.undos.empty() ? journal.remove(entry.directory) : journal.record(entry);
  if (!written) reverted.failures.push_back("the journal was not updated: " + written.error().render());
}

// "reverted<what>: a 0123456789ab", then "not reverted<what>, kept in the journal ...: <why>" if any.
std::string revert_sentence(const Reverted& r, const std::string& what) {
  std::string text;
  if (!r.reverted.empty()) text = "reverted" + what + ": " + joined(r.reverted, ", ");
  if (!r.failures.empty()) {
    text += (text.empty() ? "" : "; ") + std::string("not reverted") + what +
            ", kept in the journal for the next run: " + joined(r.failures, "; ");
  }
  return text;
}

// Adds one undo per store to the entry (after an earlier run's). Counts the stores the changes will commit
// to: those whose scope differs before and after.
Result<int> capture_undos(JournalEntry& entry, const std::map<std::string, writer::Change>& changes,
                          OpenStores& stores) {
  int committing = 0;
  for (const auto& [name, change] : changes) {
    auto undo = writer::capture_undo(*stores.at(name).store, change);
    if (!undo)
      return make_error("nothing committed: cannot read what the commit to store " + name +
                        " would replace: " + undo.error().render());
    committing += undo->before != undo->after ? 1 : 0;
    entry.undos.push_back({name, std::move(*undo)});
  }
  return committing;
}

}  // namespace

Status commit_each(const std::map<std::string, writer::Change>& changes, OpenStores& stores,
                   RequestReport& report) {
  const runtime::UninterruptibleSection section;
  std::string failed_store;
  return commit_in_turn(changes, stores, report, failed_store);
}

Status commit_transaction(const TransactionId& id, const std::map<std::string, writer::Change>& changes,
                          OpenStores& stores, Journal& journal, RequestReport& report) {
  const std::optional<JournalEntry> earlier = journal.find(id.directory);
  if (changes.size() < 2 && !earlier) return commit_each(changes, stores, report);
  const runtime::UninterruptibleSection section;
  JournalEntry entry = earlier.value_or(JournalEntry{id.directory, id.identity, "", {}});
  entry.input_digest = id.input_digest;
  auto committing = capture_undos(entry, changes, stores);
  if (!committing) return committing.error();
  // One store that changes: its own compare-and-swap is the whole transaction, no journal needed.
  if (*committing < 2 && !earlier) return commit_each(changes, stores, report);
  if (Status recorded = journal.record(entry); !recorded)
    return make_error("nothing committed: the journal entry was not recorded: " + recorded.error().render());
  const std::size_t first_commit = report.commits.size();
  std::string failed_store;
  const Status committed = commit_in_turn(changes, stores, report, failed_store);
  if (committed) {
    if (Status removed = journal.remove(id.directory); !removed)
      journal.note(id.identity + ": committed to every store; its journal entry stays until the next run: " +
                   removed.error().render());
    if (earlier) journal.note(id.identity + ": finished what an earlier run committed part-way");
    return ok();
  }
  std::vector<std::string> committed_stores;
  for (std::size_t i = first_commit; i < report.commits.size(); ++i)
    committed_stores.push_back(report.commits[i].store);
  Reverted reverted = revert(entry, stores, report);
  settle(entry, reverted, journal);
  const std::string sentence = revert_sentence(reverted, "");
  if (sentence.empty()) return committed;
  std::string what = "store " + failed_store + " failed";
  if (!committed_stores.empty()) what += " after commits to " + joined(committed_stores, ", ");
  return make_error(committed.error().render() + "\n" + what + "; " + sentence);
}

std::string revert_journaled(const std::string& directory, OpenStores& stores, Journal& journal,
                             RequestReport& report) {
  const std::optional<JournalEntry> entry = journal.find(directory);
  if (!entry) return "";
  const runtime::UninterruptibleSection section;
  Reverted reverted = revert(*entry, stores, report);
  settle(*entry, reverted, journal);
  const std::string sentence = revert_sentence(reverted, " what an earlier run committed part-way");
  journal.note(entry->identity + ": " + sentence);
  return sentence;
}

}  // namespace ferry::runner
