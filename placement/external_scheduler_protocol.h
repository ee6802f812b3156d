// The JSON of docs/external-scheduler.md, both ways. Pure: no process; run_external_scheduler does that.
#pragma once

#include <string>

#include "core/error.h"
#include "placement/scheduler_messages.h"

namespace ferry::runner {

// What the scheduler reads on stdin: {"format_version": 1, "policy", "request": {..., "object"},
// "groups": [...], "destinations": [...]}. The request object's YAML becomes JSON (platform/object_text.h:
// plain scalars that read as numbers, booleans or null become those; quoted ones stay strings).
std::string encode_scheduler_input(const SchedulerInput& input);

// The scheduler's stdout, checked against `input`. Errors say what is wrong with the answer, without
// naming the scheduler (the caller does).
Result<SchedulerOutput> decode_scheduler_output(const std::string& answer, const SchedulerInput& input);

}  // namespace ferry::runner
