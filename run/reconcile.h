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

#include "pipeline/runtime.h"
#include "pipeline/workflow.h"
#include "placement/placement_index.h"
#include "placement/run_scheduling.h"
#include "platform/platform.h"
#include "platform/store_access.h"
#include "run/reconcile_options.h"
#include "run/request_plan.h"
#include "run/run_report.h"
#include "run/store_set.h"
#include "writer/state_store.h"
#include "writer/store_factory.h"

namespace ferry::runner {

// Runs one request's resource.configure workflow and plans its placements and writes (no writing);
// `recorded`: the previous run's placements of the request (plan_request).
Result<RequestPlan> run_and_plan(const Platform& platform, const pipeline::Request& request,
                                 pipeline::ContainerRuntime& runtime, const PlacementIndex& index,
                                 const ReconcileOptions& options,
                                 const std::vector<PlacementReport>& recorded = {});

// Runs a Promise's promise.configure workflow and plans its dependencies' writes (no writing).
Result<RequestPlan> run_and_plan_promise(const Platform& platform, const pipeline::Promise& promise,
                                         pipeline::ContainerRuntime& runtime,
                                         const ReconcileOptions& options);

// Runs everything. An Error means the run could not start (a store cannot be opened); failures of single
// requests are in the report.
Result<RunReport> reconcile(const Platform& platform, pipeline::ContainerRuntime& runtime,
                            const StoreOpener& open_store, const ReconcileOptions& options);

}  // namespace ferry::runner
