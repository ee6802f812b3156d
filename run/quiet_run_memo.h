// The quiet-run memo's fields (run/quiet_run.h, docs/load-cache.md "The quiet-run memo"): what it is keyed by
// and what it keeps, read and written by quiet_run.h and its delta's file by quiet_run_delta.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/cache_file.h"
#include "run/kept_requests.h"
#include "run/memo_report.h"
#include "run/watched_files.h"

namespace ferry::runner {

// A declared store's branch tip when the run started ("" when the branch does not exist).
struct WatchedTip {
  std::string url;  // the store's local repository, absolute
  std::string branch;
  std::string tip;
};

struct QuietRunMemo {
  std::string invocation;  // quiet_invocation_digest()
  WatchedFiles files;      // every file the run may read, as its walk found them when it started
  std::string state_tip;
  std::vector<WatchedTip> store_tips;
  std::map<std::string, std::string> images;  // image -> the runtime's digest ("" when it tells none)
  std::int64_t due_at_s = 0;  // seconds since the epoch: from then on some record is due again
  // The report as printed on stdout, as the memo's file keeps it (mapped when read from there); the entries
  // in `changed` replace theirs in it.
  MemoReport output;
  // Each request's entry in `output` and its document, for a narrow run (run/narrow_run.h); empty when the
  // run could not key them (requests in files of other objects, a JSON report).
  KeptRequests kept;
  // The run found no HealthRecord, in the platform or in any Destination's health folder: a narrow run,
  // which loads some requests only, would otherwise match records to the requests it loaded alone.
  bool health_free = false;
  // The checksum of the memo's file as read ("" for a memo not read from one), and the entries of its
  // report changed since that file was written (request index -> the entry's text): what its delta keeps
  // (run/quiet_run_delta.h). Kept beside `output`, not spliced into it, until the whole memo is written.
  std::string digest;
  std::map<std::size_t, std::string> changed;
};

// The entry of the kept request `i` in the report: its entry in `changed`, else its span of `output`.
std::string_view kept_entry(const QuietRunMemo& memo, std::size_t i);

// The memo's files, stores' tips and images, in the memo's file and in its delta's.
void encode_watched_inputs(FieldEncoder& out, const QuietRunMemo& memo);
bool decode_watched_inputs(FieldDecoder& in, QuietRunMemo& memo);

}  // namespace ferry::runner
