// From a request's pipeline outputs to what must be written: schedule every group, then build one Change
// per state store holding all of the request's bundles. Pure: no I/O.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "pipeline/workflow.h"
#include "scheduler/selector.h"
#include "runner/platform.h"
#include "runner/run_report.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct RequestPlan {
  std::vector<PlacementReport> placements;
  std::map<std::string, writer::Change> changes;  // by store name
  std::string pending_reason;                     // set when a group matched no Destination
};

// Each change replaces the request's whole directory on every Destination of its store, so groups or
// pipelines that disappeared leave nothing behind, and a change that alters nothing makes no commit.
RequestPlan plan_request(const Platform& platform, const pipeline::Request& request,
                         const pipeline::Promise& promise, const std::vector<pipeline::PipelineResult>& results);

// The selector of one output group by Kratix's rules (reference §3.1): a directory group uses its own
// entry only; the default group uses its entry plus the Promise's selectors, the Promise winning.
scheduler::Selector group_selector(const pipeline::Promise& promise, const pipeline::OutputGroup& group);

}  // namespace ferry::runner
