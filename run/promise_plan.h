// A Promise's own writes (reference §3.3, §4.2): its static spec.dependencies and its promise.configure
// outputs go to EVERY Destination that takes them, under <destination>/dependencies/<promise>/ (on a flat
// Destination: FlatPlacements owned by the Promise, in namespace kratix-platform-system). Each run rewrites
// that directory, and takes back those placements, on every Destination, so a Destination that stops
// matching the Promise loses its dependencies (Kratix keeps them: docs/differences.md). A group that no
// Destination takes waits (RequestPlan::waiting) while the others are placed, and the Promise is available:
// Kratix leaves such a Work unscheduled (internal/controller/scheduler.go, reconcileWorkloadGroup returns
// unscheduledStatus; the Work's ScheduleSucceeded condition says "No matching destination found for
// workloadGroups"), sets the Promise Available without waiting for its Works (promise_controller.go,
// Reconcile), so its requests run, and schedules the Work again when a Destination changes
// (work_controller.go, requestReconciliationOfWorksOnDestination). In ferry a Destination's change changes
// every object's inputs (work_selection.h), so the next run places the waiting groups. Pure: no I/O.
#pragma once

#include <vector>

#include "pipeline/workflow.h"
#include "platform/platform.h"
#include "run/request_plan.h"

namespace ferry::runner {

RequestPlan plan_promise(const Platform& platform, const pipeline::Promise& promise,
                         const std::vector<pipeline::PipelineResult>& results);

// RequestPlan::waiting as the Promise's message: "waiting for a Destination: dependencies: no Destination
// matches ...; ..." (kWaitingForDestination, then each group), or "" when nothing waits.
std::string waiting_message(const std::vector<std::string>& waiting);

// A promise-workflow group's selector: a directory group uses its own entry; the default group its
// directory-less entry plus the Promise's selectors, the Promise winning (reference §3.1).
scheduler::Selector promise_group_selector(const pipeline::Promise& promise,
                                           const pipeline::OutputGroup& group);

}  // namespace ferry::runner
