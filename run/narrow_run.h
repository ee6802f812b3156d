// A narrow run (docs/load-cache.md, "Narrow runs"; issue 25's plan from the changed objects): when every
// input of the quiet-run memo (run/quiet_run.h) is the same but some files of requests, and in those only
// documents changed in place (as many chunks as before, platform/document_chunks.h), the run loads
// the platform without the memo's other requests, reads the records of those that changed only, runs them,
// and prints the memo's entries for the rest: every one of them is skipped, as it was in the memo's run,
// since nothing it depends on changed (its document, its Promise, the Destinations, the stores' and the
// state's tips, the invocation, the images, the time).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "platform/load_result.h"
#include "platform/loader.h"
#include "run/incremental.h"
#include "run/quiet_run.h"

namespace ferry::runner {

struct NarrowPlan {
  // Each file of requests (by the loader's name) as the narrow load reads it (platform/loader.h,
  // load_platform_replacing): only its changed documents, each at its line; none for a file none of whose
  // documents changed.
  std::map<std::string, std::vector<ReplacedDocument>> replaced;
  std::vector<std::size_t> changed;  // the index in memo.kept.requests of each changed request, in order
  std::vector<std::string> changed_digests;  // the content digest of each one's chunk now
};

// The narrow run of `memo` for the files `now` (list_watched_files: in the walk's order, those the memo's
// stat data vouch for with their digest), whose digests it fills as it reads them (each file read once):
// nullopt when the memo keeps no requests, when files came or went, when a file changed that is not one of
// its files of requests, when a changed file cannot be read or is not cut into as many chunks as kept, or
// when nothing changed. The file `read_before` (same_files(): the memo's check), when it has the stat data
// the walk found, is not read again: its text, digest and chunks (when it has them) are taken from there.
std::optional<NarrowPlan> plan_narrow_run(const QuietRunMemo& memo, WatchedFiles& now,
                                          std::optional<HashedText>* read_before = nullptr);

// Whether the walk's `path` is one of `memo`'s files of requests: a file a replay (same_files()) that finds
// it changed cuts and hashes beside its digest, for the plan.
bool is_kept_request_file(const QuietRunMemo& memo, const std::string& path);

// Whether the narrow load gave exactly the changed requests (the same kind, Promise, namespace and name as
// kept, in order) and nothing to say (no error or warning), on a platform whose scheduling of one request
// does not read the others' placements (placement/run_scheduling.h): else the run takes the whole path.
bool narrow_load_matches(const LoadResult& loaded, const QuietRunMemo& memo, const NarrowPlan& plan);

// The entry a run right after this one would print for each of `requests` (by their places in the run's
// report), every one skipped: from `after`, the records this run leaves (at least those of `requests`), as
// IncrementalRun::skip gives it without statuses (a text report's); nullopt when one of them would run.
std::optional<std::map<std::size_t, RequestReport>> next_run_entries(
    const Platform& platform, const std::map<std::size_t, const pipeline::Request*>& requests,
    const InputDigests& digests, const RunState& after, const SelectionOptions& selection);

}  // namespace ferry::runner
