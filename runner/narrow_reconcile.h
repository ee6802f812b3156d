// The texts of a narrow run (run/narrow_run.h, docs/load-cache.md "Narrow runs"): its report, made of the
// quiet-run memo's entries for the requests that did not run and its own for those that did, and the memo
// the run after it may use: the memo's no-op report with the changed requests' entries as they are now.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "run/narrow_run.h"
#include "run/quiet_run.h"
#include "run/run_report.h"
#include "runner/report.h"

namespace ferry::runner {

// The narrow run's report as the whole run would print it. `report` holds the Promises and the changed
// requests (plan.changed's order), then any other request it reported (appended after the kept ones).
std::string narrow_report_text(const RunReport& report, const QuietRunMemo& memo, const NarrowPlan& plan);

// Whether the report has nothing to say but its objects' results: no warning, note, error, canary commit,
// recovery or cleanup.
bool nothing_else_to_say(const RunReport& report);

// Whether a run's report lets the run after it use a memo although it ran requests: every Promise skipped,
// each request succeeded, unchanged or skipped, and nothing else to say (no warning, note, error or other
// commit).
bool quiet_but_for_requests(const RunReport& report);

// The changed requests' chunks' new digests and entries `next` (by place in plan.changed:
// QuietRunNote::next_entries) put in `memo`'s kept requests and its `changed` (what its delta keeps,
// run/quiet_run_delta.h), its report left as it is; returns those entries by request, which splice_entries
// puts in the report when the whole memo is written: what a no-op run after the narrow run prints. Neither
// the megabytes of report nor the table are copied: a delta is written without them.
std::map<std::size_t, std::string> narrow_memo_entries(QuietRunMemo& memo, const NarrowPlan& plan,
                                                       const std::map<std::size_t, RequestReport>& next);

}  // namespace ferry::runner
