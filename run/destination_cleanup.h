// Destination spec.cleanup: all (kratix-newer reference §8.4): when such a Destination leaves the platform,
// everything ferry wrote for it goes, in one commit to its store, as Kratix's destination controller
// deletes its WorkPlacements' files and its canary files before it drops the finalizer. ferry learns that a
// Destination left by comparing the platform with the Destinations it recorded, in the state repository
// (destinations/<name>/cleanup.json: its store and the paths to remove), so this needs recorded state: a
// run without it cannot tell that a Destination went. cleanup: none (the default) leaves the files, as
// Kratix does.
#pragma once

#include <string>
#include <vector>

#include "core/error.h"
#include "platform/platform.h"
#include "run/multi_store_commit.h"
#include "run/run_report.h"
#include "writer/state_store.h"

namespace ferry::runner {

// What a cleanup removes of one Destination, recorded while it is declared with cleanup: all.
// nestedByMetadata: <dir>/resources and <dir>/dependencies (every bundle, and the canary files in them);
// aggregatedYAML: the aggregate file, the .kratix records and the canary files. Anything else a user put in
// the Destination's directory stays.
struct DestinationCleanup {
  std::string destination;
  std::string store;
  std::vector<std::string> directories;
  std::vector<std::string> files;
  bool operator==(const DestinationCleanup&) const = default;
};

// The cleanups of the declared Destinations with cleanup: all, in platform order.
std::vector<DestinationCleanup> declared_cleanups(const Platform& platform);

// Every cleanup recorded in the state repository. A file that does not parse is an error naming it.
Result<std::vector<DestinationCleanup>> load_recorded_cleanups(writer::StateStore& state);

// Removes the files of every recorded Destination that `platform` no longer declares, one commit per
// Destination ("Delete from: Destination <name>" with the trailer Ferry-Destination), in its store when the
// run has it open. Each result goes to run.destination_cleanups ("Destination dev (cleanup: all): its files
// removed from clusters@main in <sha>", or "...: nothing left to remove"); a failure, or a store the run
// does not have, to run.cleanup_errors (the run's exit code is then 3). Returns the destinations cleaned.
std::vector<std::string> clean_up_removed_destinations(const Platform& platform,
                                                       const std::vector<DestinationCleanup>& recorded,
                                                       OpenStores& stores, RunReport& run);

// What the next run finds recorded: the declared Destinations' cleanups, and the recorded ones of
// Destinations gone from the platform whose cleanup did not happen (`cleaned` lists those that did).
std::vector<DestinationCleanup> cleanups_to_record(const Platform& platform,
                                                   const std::vector<DestinationCleanup>& recorded,
                                                   const std::vector<std::string>& cleaned);

// Adds to `change` what turns the recorded cleanups into `after`: new or changed ones written, the others
// removed.
void record_cleanups(writer::Change& change, const std::vector<DestinationCleanup>& before,
                     const std::vector<DestinationCleanup>& after);

}  // namespace ferry::runner
