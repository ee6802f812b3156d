// What `ferry test pipeline` prints on stdout after a run (errors go through report.h's diagnostics).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "pipeline/workflow.h"
#include "runner/test_pipeline_input.h"
#include "scheduler/selector.h"

namespace ferry::runner {

// The selector reconcile would place `group` by: Kratix's precedence of the workflow's entry and the
// Promise's selectors (request_plan.h's group_selector, promise_plan.h's for promise workflows).
scheduler::Selector test_group_selector(const TestSubject& subject, const pipeline::PipelineResult& result,
                                        const pipeline::OutputGroup& group);

// One line for the run, then per pipeline its groups (directory, the selector ferry schedules it by,
// file count) or its suspension, the status message, and where everything was written.
std::string render_test_summary(const TestSubject& subject,
                                const std::vector<pipeline::PipelineResult>& results,
                                const std::filesystem::path& out);

}  // namespace ferry::runner
