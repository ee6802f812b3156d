// What a run did, summed up: a request's result as the reports spell it, the run's exit code, its push
// retries (run_report.h).
#include "run/run_report.h"

namespace ferry::runner {

const char* to_string(RequestResult result) {
  switch (result) {
    case RequestResult::succeeded:
      return "succeeded";
    case RequestResult::failed:
      return "failed";
    case RequestResult::pending:
      return "pending";
    case RequestResult::unchanged:
      return "unchanged";
    case RequestResult::suspended:
      return "suspended";
    case RequestResult::skipped:
      return "skipped";
    case RequestResult::deleted:
      return "deleted";
    case RequestResult::drifted:
      return "drifted";
    case RequestResult::paused:
      return "paused";
    case RequestResult::held:
      return "held";
  }
  return "unknown";
}

int push_retries_of(const RunReport& report) {
  int retries = 0;
  for (const auto* entries : {&report.promises, &report.requests}) {
    for (const auto& r : *entries) retries += r.push_retries;
  }
  return retries;
}

int exit_code_of(const RunReport& report) {
  if (!report.state_error.empty() || !report.canary_errors.empty() || !report.cleanup_errors.empty() ||
      !report.release_errors.empty())
    return 3;
  bool misplaced = false;
  for (const auto* entries : {&report.promises, &report.requests}) {
    for (const auto& r : *entries) {
      if (r.result == RequestResult::failed || r.result == RequestResult::pending) return 3;
      for (const auto& p : r.placements) misplaced = misplaced || !p.misplaced.empty();
    }
  }
  return misplaced ? 4 : 0;
}

}  // namespace ferry::runner
