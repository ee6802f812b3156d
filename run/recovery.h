// Recovery from the Destinations (docs/state.md, "Lost records"). When the records may not know what a store
// holds (drift_check.h's unknown_to_records: no tip recorded for its branch because the records are missing,
// empty or from before tips were kept; or ferry commits on it since the recorded tip, so the records are
// behind), the bundles ferry placed there are read (the placement index, which scheduling reads anyway)
// and every request or Promise owning one that neither the records nor the platform know gets a record
// rebuilt from the paths. It then vanishes as any object gone from the platform does: its files are removed
// from every Destination, under the deletion guard. Its last object is not known, so its delete workflow
// cannot run; its record says so (an empty object_yaml) and the report names it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "placement/lazy_run_scheduling.h"
#include "placement/placement_index.h"
#include "platform/platform.h"
#include "run/drift_check.h"
#include "run/recorded_run.h"
#include "run/run_report.h"
#include "run/run_state.h"

namespace ferry::runner {

struct Recovery {
  std::vector<ObjectRecord> records;  // rebuilt, each with an empty object_yaml
  std::vector<std::string> notes;     // one a store read, for the report
};

// Pure: the records to rebuild from what `index` holds in the `stores` named (store -> why it was read).
Recovery recover_records(const Platform& platform, const RunState& records, const PlacementIndex& index,
                         const std::map<std::string, std::string>& stores);

// Adds to `recorded` the records rebuilt from the stores the records may not know (`drift`), reading the
// placement index through `context`; the stores read are noted in `run`. Then asks the deletion guard again,
// with the declared objects counted beside the records (the rebuilt records are only what the stores hold
// that nobody declares): its "every object" rules then stop a platform that declares nothing, not one
// whose records were lost.
Status rebuild_lost_records(const Platform& platform, LazyRunScheduling& context, const DriftCheck& drift,
                            const ReconcileOptions& options, RecordedRun& recorded, RunReport& run);

// What a deletion of a rebuilt record says in the report.
inline constexpr const char* kDeleteWorkflowNotRun =
    "its delete workflow did not run: its record was lost and rebuilt from the Destinations, which do not "
    "hold "
    "its last object; the files ferry placed were removed";

}  // namespace ferry::runner
