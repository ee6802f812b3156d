// From a request's pipeline outputs to what must be written: decide every group (sticky to where the
// stores say it is now), then hand every decision to writer::request_changes (writer/request_change.h) once,
// which builds one Change per state store holding all of the request's bundles; plus the report lines, the
// scheduling notes and the workflow's status. No I/O of its own; a PlacementPolicy's external scheduler, run
// through the RunScheduling's chooser, is the one process it may start.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/workflow.h"
#include "placement/group_decision.h"
#include "placement/placement_index.h"
#include "platform/platform.h"
#include "run/run_report.h"
#include "scheduler/placement.h"
#include "scheduler/selector.h"
#include "writer/state_store.h"

namespace ferry::runner {

// Promise annotation choosing what happens to a misplaced resource group: "keep" (default, as Kratix)
// or "move" (schedule again; the old bundle is removed in the same run).
inline constexpr const char* kMisplacedAnnotation = "ferry.dev/misplaced-placements";

struct RequestPlan {
  std::vector<GroupDecision> decisions;
  std::vector<PlacementReport> placements;
  std::map<std::string, writer::Change> changes;  // by store name
  std::string pending_reason;                     // set when a group matched no Destination
  // A Promise's groups that no Destination takes yet, each "<group>: <why>" (promise_plan.h): the Promise
  // is not pending, its other groups are placed and its requests run, as in Kratix.
  std::vector<std::string> waiting = {};
  std::string status_message;                      // the object's status.message after the workflow
  std::optional<pipeline::Suspension> suspension;  // workflow-control.yaml stopped the workflow
  std::vector<std::string> scheduling_notes = {};  // every group's notes, prefixed by the group
  int pipelines_from_cache = 0;                    // the workflow's pipelines served by the pipeline cache
  int container_retries = 0;                       // containers started again (jobOptions.backoffLimit)
  std::map<std::string, std::uint64_t> api_requests = {};  // by pipeline, for those served a platform API
};

// The Destinations the plan places the request on, one per placement (none when it is pending).
std::vector<std::string> placed_destinations(const RequestPlan& plan);

// The workflow's outcome the report shows: the last pipeline's status message, any suspension, and how
// many pipelines the pipeline cache served.
void record_workflow_status(const std::vector<pipeline::PipelineResult>& results, RequestPlan& plan);

class RunScheduling;
class SameRunPlacements;

// Each change replaces the request's whole directory on every Destination of its store (and wherever the
// stores hold a bundle of it), and its flat placements (records with their files or their part of the
// aggregate) on every flat Destination of the store, so groups or pipelines that disappeared, and bundles
// moved away, leave nothing behind; a change that alters nothing makes no commit. A group on a flat
// Destination (spec.filepath.mode none or aggregatedYAML) is a writer::FlatPlacement, never sticky. With
// `scheduling` and a PlacementPolicy governing the request (it names the Promise and its namespaceSelector
// selects the request's namespace: Platform::policies_for), every group is placed by scheduler::schedule()
// (placement/policy_placement.h) and goes to each Destination it is placed on (spread); with several KCP
// Placements governing it, to one Destination in each one's Location (placement/several_placements.h);
// otherwise by Kratix's rules (scheduler::decide()). With `neighbours`, the policy's workload affinity sees
// the placements decided earlier in this run (placement/same_run_neighbours.h). A policy's external scheduler
// is the only thing run here (through scheduling's chooser); its failure leaves the request pending.
// `recorded` is the previous run's placements of the request (its record): a group a KCP Placement placed
// that has been deleted since, or that no longer governs the request, is placed again and its bundle there
// removed (run/deleted_placement.h).
RequestPlan plan_request(const Platform& platform, const pipeline::Request& request,
                         const pipeline::Promise& promise,
                         const std::vector<pipeline::PipelineResult>& results,
                         const std::vector<ExistingBundle>& existing,
                         const RunScheduling* scheduling = nullptr,
                         const SameRunPlacements* neighbours = nullptr,
                         const std::vector<PlacementReport>& recorded = {});

// The selector of one output group by Kratix's rules (reference §3.1): a directory group uses its own
// entry only; the default group uses its entry plus the Promise's selectors, the Promise winning. The
// older API's clusterSelector and cluster-selectors.yaml are AND-ed on top without overwriting (seed 000).
// matchExpressions (the group's entry's, and for the default group the Promise's) are AND-ed after the
// matchLabels: they never overwrite, so a conflict matches nothing.
scheduler::Selector group_selector(const pipeline::Promise& promise, const pipeline::OutputGroup& group,
                                   const std::optional<Labels>& cluster_selectors = std::nullopt);

// The Promise's misplaced policy; an unknown value is reported by validation, and reads as keep here.
scheduler::MisplacedPolicy misplaced_policy(const pipeline::Promise& promise);

}  // namespace ferry::runner
