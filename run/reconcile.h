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
#include "run/request_plan.h"
#include "run/run_report.h"
#include "run/reconcile_options.h"
#include "writer/state_store.h"
#include "writer/store_factory.h"

namespace ferry::runner {

// Opens the state store behind a GitStateStore. The real one is state_store_opener; tests pass fakes.
using StoreOpener = std::function<Result<std::unique_ptr<writer::StateStore>>(const GitStateStore&)>;

// What state_store_opener hands a store's spec to: writer::open_state_store, or a fake in tests.
using SpecOpener = std::function<Result<std::unique_ptr<writer::StateStore>>(const writer::StoreSpec&)>;

// Opens each store by its URL (local path, file://, git://, https://, ssh) with the credentials of its
// spec.secretRef and the options in `access` (platform/platform.h store_spec_of). A store that cannot be
// opened is an error located at its spec.url (spec.secretRef for a missing key).
StoreOpener state_store_opener(StoreAccess access, SpecOpener open = writer::open_state_store);

// Every store of the platform, opened: `owned` keeps them alive, `views` is what readers take.
struct StoreSet {
  std::map<std::string, std::unique_ptr<writer::StateStore>> owned;
  std::map<std::string, writer::StateStore*> views;
};
Result<StoreSet> open_stores(const Platform& platform, const StoreOpener& open_store);

// Runs one request's resource.configure workflow and plans its placements and writes (no writing).
Result<RequestPlan> run_and_plan(const Platform& platform, const pipeline::Request& request,
                                 pipeline::ContainerRuntime& runtime, const PlacementIndex& index,
                                 const ReconcileOptions& options);

// Runs a Promise's promise.configure workflow and plans its dependencies' writes (no writing).
Result<RequestPlan> run_and_plan_promise(const Platform& platform, const pipeline::Promise& promise,
                                         pipeline::ContainerRuntime& runtime, const ReconcileOptions& options);

// Runs everything. An Error means the run could not start (a store cannot be opened); failures of single
// requests are in the report.
Result<RunReport> reconcile(const Platform& platform, pipeline::ContainerRuntime& runtime,
                            const StoreOpener& open_store, const ReconcileOptions& options);

}  // namespace ferry::runner
