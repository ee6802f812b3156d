// The quiet-run memo (docs/load-cache.md, "The quiet-run memo"): a `reconcile` that ran nothing and wrote
// nothing is a function of its inputs, so its report is kept with those inputs, and a later run whose
// inputs are all the same prints that report without loading the platform or visiting any request.
// The inputs kept: every file below the platform directory and below every path on the command line (stat
// data and md5, as the stat index keeps them), the command line, the environment, the working directory and
// the ferry binary; the state branch's tip (the records, the journal); the tip of every declared store; the
// digest the runtime gives each Promise image; and the moment the first recorded object becomes due again
// (its reconciliation interval). Anything the memo cannot key (a platform read from Git, a remote store,
// metrics, PromiseReleases, ...) makes the run ineligible: it takes the full path and keeps no memo.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/platform.h"
#include "run/quiet_run_memo.h"
#include "run/run_state.h"
#include "run/watched_files.h"
#include "run/work_selection.h"

namespace ferry::runner {

// What reconcile() found that the memo needs (ReconcileOptions::quiet): left unset when the run depends on
// something the memo cannot key, and then no memo is kept.
struct QuietRunNote {
  bool keyable = false;
  std::int64_t due_at_s = 0;
  std::map<std::string, std::string> images;
  bool health_free = false;  // QuietRunMemo::health_free
  // The entry a run right after this one would print for each request this one ran (every request of a
  // narrow run), by its place in the report (run/narrow_run.h, next_run_entries).
  std::map<std::size_t, RequestReport> next_entries = {};
};

// The digest of this process's command line, environment, working directory, ferry binary (path and stat
// data) and whether stdout and stderr are terminals; nullopt when /proc cannot tell them.
std::optional<std::string> quiet_invocation_digest();

// The moment the first of `records` becomes due (work_selection.h's decide_work), with the shortest
// reconciliation interval of `platform` and `selection`; nullopt when a record runs whatever the time
// (never run, failed, pending, paused, suspended, or a last run that does not parse).
std::optional<std::int64_t> quiet_due_at(const Platform& platform, const RunState& records,
                                         const SelectionOptions& selection);
// Whether `platform` holds anything a quiet run's memo cannot key (PromiseReleases, metrics, remote or
// unparsable store URLs); "" when it holds nothing such, else what.
std::string unkeyable_part(const Platform& platform);

// Whether the store URL `url` (relative paths from `root`) names a repository on this machine: a local
// path or file://. Reading a remote one's tip is a fetch, which the memo would add to every run.
bool local_repository(const std::string& url, const std::filesystem::path& root);

// The tip of `branch` in the local repository `url` ("" when the branch does not exist).
Result<std::string> local_branch_tip(const std::string& url, const std::string& branch);
// The tip of every store `platform` declares (each a local repository: unkeyable_part() says so).
Result<std::vector<WatchedTip>> declared_store_tips(const Platform& platform);
// Whether the tips of `tips` are those of their repositories now.
bool same_tips(const std::vector<WatchedTip>& tips);

// The memo at `path`, with its delta when there is one of it (run/quiet_run_delta.h); nullopt when absent,
// unreadable, of another version or not checking out.
std::optional<QuietRunMemo> read_quiet_run_memo(const std::filesystem::path& path);
// Writes the whole memo, atomically, and removes its delta.
Status write_quiet_run_memo(const std::filesystem::path& path, const QuietRunMemo& memo);

}  // namespace ferry::runner
