// A workflow suspended by /kratix/metadata/workflow-control.yaml (reference §2.8), as a plain value: what
// the run keeps with a request's state. pipeline/workflow_control.h reads the file and writes the status.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace ferry::pipeline {

// What a suspension records for one pipeline, as Kratix's MarkPipelineAsSuspended sets it in
// status.kratix.workflows.pipelines[] (phase Suspended). The runner stores it with the request's state.
struct Suspension {
  std::string pipeline;
  std::string message;                                                 // from the control; "" when none
  std::optional<std::chrono::system_clock::time_point> next_retry_at;  // now + retryAfter; none for suspend
  int attempts = 0;  // retries so far, counting this one (1 on the first retry); 0 for a plain suspend
};

}  // namespace ferry::pipeline
