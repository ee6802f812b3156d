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
#include "runner/placement_index.h"
#include "runner/platform.h"
#include "runner/request_plan.h"
#include "runner/run_report.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct ReconcileOptions {
  std::filesystem::path scratch_dir;  // pipeline directories live below it
  int jobs = 2;                       // requests processed at once
  std::chrono::seconds container_timeout{600};
  const pipeline::SecretSource* secrets = nullptr;  // for env valueFrom
};

// Opens the state store behind a GitStateStore. The real one opens LocalGitRepo; tests pass fakes.
using StoreOpener = std::function<Result<std::unique_ptr<writer::StateStore>>(const GitStateStore&)>;

StoreOpener local_store_opener(const std::filesystem::path& platform_root);

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
