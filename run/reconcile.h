// One reconcile run: for every request, run its resource.configure workflow, schedule each output group,
// and commit the request's bundles, one commit per state store (one transaction per request).
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "pipeline/workflow.h"
#include "placement/placement_index.h"
#include "placement/run_scheduling.h"
#include "placement/same_run_neighbours.h"
#include "platform/platform.h"
#include "platform/store_access.h"
#include "run/object_run.h"  // run_and_plan and its parts, which `ferry explain` runs
#include "run/reconcile_options.h"
#include "run/request_plan.h"
#include "run/run_report.h"
#include "run/store_set.h"
#include "run/workflow_runs.h"
#include "runtime/runtime.h"
#include "writer/state_store.h"
#include "writer/store_factory.h"

namespace ferry::runner {

// Runs everything. An Error means the run could not start (a store cannot be opened); failures of single
// requests are in the report.
Result<RunReport> reconcile(const Platform& platform, runtime::ContainerRuntime& runtime,
                            const StoreOpener& open_store, const ReconcileOptions& options);

}  // namespace ferry::runner
