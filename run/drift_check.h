// Drift (docs/state.md, "Drift"): files ferry placed in a Destination's repository that someone else changed
// since. Checked on every run at a cost per store, not per file: one read of each store's branch tip; only
// when it moved since the tip recorded at the end of ferry's last run are the commits since read, and those
// ferry did not make are compared with their parents. A changed path inside a bundle directory a record
// names (<...>/resources/<ns>/<promise>/<name>/..., <...>/dependencies/<promise>/...) is drift of that
// record's object; a path outside every bundle (a file added beside ferry's) is not. Flat (`none`,
// `aggregatedYAML`) Destinations are not checked: their files share one directory.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.h"
#include "run/run_state.h"
#include "writer/state_store.h"

namespace ferry::runner {

// Record directory (ObjectRecord::directory) -> its drifted paths, each "<store> <path>", sorted.
using DriftFindings = std::map<std::string, std::vector<std::string>>;

// Pure: adds to `findings` the paths of `changed` (in `store`) that lie inside a bundle directory of a
// record.
void attribute_drift(const RunState& records, const std::string& store,
                     const std::vector<std::string>& changed, DriftFindings& findings);

struct DriftCheck {
  DriftFindings findings;
  std::map<std::string, std::string> tips;  // store -> its tip when checked ("" when it has no branch)
  std::vector<std::string> warnings;        // stores that could not be checked, and why
  // Stores whose records may be incomplete (recovery.h): a branch with no tip recorded for it, or ferry
  // commits on it since the recorded tip that another run (another state) made; each with why.
  std::map<std::string, std::string> unknown_to_records;
};

// Checks every store of `stores` (name -> store) against its tip in `recorded_tips` (none recorded: nothing
// to compare with yet, only its tip is read); the stores are read in parallel (TBB). A store that cannot be
// read is a warning, not a failed run.
DriftCheck check_drift(const RunState& records, const std::map<std::string, std::string>& recorded_tips,
                       const std::map<std::string, writer::StateStore*>& stores);

// The tips the next run compares with: each store's tip now, except a store with drift left in it (some
// drifted object in `unrestored`), which keeps its recorded tip so the drift is found again.
std::map<std::string, std::string> tips_to_record(const DriftCheck& check,
                                                  const std::set<std::string>& unrestored,
                                                  const std::map<std::string, std::string>& recorded_tips,
                                                  const std::map<std::string, writer::StateStore*>& stores);

}  // namespace ferry::runner
