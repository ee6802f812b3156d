// The status a run leaves on a Promise or request (pipeline/object_status.h), from what the reconciler
// reports of it: its result decides the works conditions, its placements where each group went.
#pragma once

#include <chrono>
#include <string>

#include "run/run_report.h"
#include "run/workflow_runs.h"

namespace ferry::runner {

// The status to record for the object of `report` (YAML text). An object that did not run (interrupted)
// keeps feed.previous.
std::string settled_status(const StatusFeed& feed, const RequestReport& report,
                           const std::string& input_digest, std::chrono::system_clock::time_point now);

}  // namespace ferry::runner
