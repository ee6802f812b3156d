// The quiet-run memo's changes by narrow runs, kept beside it while they are few (docs/load-cache.md, "Narrow
// runs"): the memo's report is megabytes at R = 10,000 and a narrow run changes a few of its entries, so it
// writes those, with the memo's other fields (small), to the memo's delta file, bound to the memo by the
// memo's checksum, until they pass core/cache_file.h's cache_delta_worth_writing; then the whole memo is
// written again and the delta removed. A delta of another memo (its checksum), or one that does not check
// out, is not used: the memo is read without it, and its keys (the state's tip) are then those of an earlier
// run, which no later run matches.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "core/error.h"
#include "run/quiet_run_memo.h"

namespace ferry::runner {

// Where the delta of the memo at `memo` is: beside it, "-delta" appended.
std::filesystem::path quiet_run_delta_path(const std::filesystem::path& memo);

// Replaces the entries of `kept` in `output` by `entries` (request index -> its entry's text), moving the
// spans of every entry after them.
void splice_entries(std::string& output, KeptRequests& kept,
                    const std::map<std::size_t, std::string>& entries);

// The memo's report with its changed entries in place (spliced into a copy of its own; the spans of `kept`
// moved), and none left in QuietRunMemo::changed: for the whole memo's write, and a replay that prints it.
void splice_changed_entries(QuietRunMemo& memo);

// Reads the delta at `path` into `memo` (read from its memo file, QuietRunMemo::digest set): its fields, and
// its entries into QuietRunMemo::changed; false, and `memo` left as it was, when there is none or it is not
// `memo`'s, or does not check out.
bool apply_quiet_run_delta(const std::filesystem::path& path, QuietRunMemo& memo);

// Writes `memo`'s fields and its entries changed since its memo file (QuietRunMemo::changed) to the delta at
// `path`, atomically (fault point quiet-run-write).
Status write_quiet_run_delta(const std::filesystem::path& path, const QuietRunMemo& memo);

}  // namespace ferry::runner
