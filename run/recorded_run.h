// What the previous run recorded, as a run reads it before anything runs (its records, checked by the
// deletion guard, and the stores it wrote to), and the stores this run records in turn: the declared ones
// and, while vanished objects are left to delete, the retired ones (recorded_stores.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "platform/platform.h"
#include "run/destination_cleanup.h"
#include "run/incremental.h"
#include "run/reconcile_options.h"
#include "run/recorded_stores.h"
#include "run/run_state.h"
#include "run/store_set.h"

namespace ferry::runner {

struct RecordedRun {
  RunState records;
  RecordedStores stores;
  std::vector<DestinationCleanup> cleanups = {};  // destination_cleanup.h
  std::vector<std::string> warnings = {};         // a records cache not used (run/records_cache.h)
};

// nullopt without a state store (options.state). An error when the state cannot be read, or when the
// deletion guard (deletion_guard.h) stops the run.
Result<std::optional<RecordedRun>> load_recorded_run(const Platform& platform,
                                                     const ReconcileOptions& options);

// `declared` with the retired stores that vanished objects may have files in, each opened into `opened`;
// nullopt when there are none. One that cannot be opened is left out with a warning: deleting what it
// holds then fails (deletion.h), and the records stay until it can be reached.
std::optional<Platform> with_retired_stores(const Platform& declared, const RecordedRun& recorded,
                                            const StoreOpener& open_store, StoreSet& opened,
                                            std::vector<std::string>& warnings);

// The stores the next run finds recorded: the declared ones, and the retired ones while a record of a
// vanished object remains (its deletion failed, or another shard's is still to come).
std::vector<GitStateStore> stores_to_record(const Platform& declared, const RecordedRun& recorded,
                                            const IncrementalRun& incremental);

}  // namespace ferry::runner
