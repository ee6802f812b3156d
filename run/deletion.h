// Delete workflows (reference §5.3): Promises and requests recorded by an earlier run (run_state.h) that
// are no longer in the platform repository. For a request, its Promise's resource.delete workflow runs on
// the recorded object (first pipeline only), then everything the stores hold of it is removed (its bundles,
// and its flat placements on every flat Destination): one commit per store, "Delete from: <ns>/<name>". A
// vanished Promise's requests go first; then its promise.delete workflow runs and its dependencies are
// removed from every Destination. A Promise that is gone from the repository is read back from its record. A
// failed delete workflow removes nothing and keeps the record, so the next run tries again. A deleted object
// exists only as its record's text: that text is parsed by platform/recorded_objects.h (run/ has no YAML),
// and a request's removals are built by writer/request_change.h's request_removals.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "placement/placement_index.h"
#include "platform/platform.h"
#include "run/reconcile_options.h"
#include "run/run_state.h"

namespace ferry::runner {

// The records whose objects are gone: requests first, then Promises (each in record order).
std::vector<const ObjectRecord*> vanished_objects(const Platform& platform, const RunState& state);

// Runs the object's delete workflow and returns the removals, by store name.
Result<std::map<std::string, writer::Change>> run_and_plan_deletion(
    const ObjectRecord& record, const Platform& platform, const RunState& state, const PlacementIndex& index,
    runtime::ContainerRuntime& runtime, const ReconcileOptions& options);

}  // namespace ferry::runner
