// External schedulers (Crossplane's `schedulerName`, seed 002): a PlacementPolicy may hand a request's
// placement to an executable of the platform repository. ferry writes what it knows as JSON on the
// child's stdin and reads the choices as JSON from its stdout; the protocol is docs/external-scheduler.md.
// Every failure is an Error value: the caller leaves the request pending with it.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "core/error.h"
#include "placement/scheduler_messages.h"

namespace ferry::runner {

// The executable for `scheduler_name`: a name with a '/' is a path relative to the platform root
// ("tools/spread.sh"); a plain name is looked up in the platform's schedulers/ directory ("spread" is
// <root>/schedulers/spread). Absolute paths and ".." are refused; the file must exist and be executable.
// Returns an absolute path.
Result<std::filesystem::path> resolve_scheduler(const std::string& scheduler_name,
                                                const std::filesystem::path& platform_root);

// Runs `executable` in `working_directory` (the platform root) with `input` as JSON on stdin and reads
// the answer from stdout; kills it and its process group after `timeout` or when ferry is interrupted
// (runtime/interrupt.h). Errors: cannot start, timeout, interrupted ("was stopped: ferry was interrupted"),
// non-zero exit (with the last lines of stderr), killed by a signal, invalid JSON, a wrong format_version,
// a group missing from the answer or unknown to the request, an empty, repeated, too long or
// out-of-candidates choice.
Result<SchedulerOutput> run_external_scheduler(const std::filesystem::path& executable,
                                               const SchedulerInput& input,
                                               const std::filesystem::path& working_directory,
                                               std::chrono::milliseconds timeout);

}  // namespace ferry::runner
