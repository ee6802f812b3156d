#include "run/object_status.h"

#include "pipeline/object_status.h"
#include "runtime/interrupt.h"

namespace ferry::runner {

std::string settled_status(const StatusFeed& feed, const RequestReport& report,
                           const std::string& input_digest, std::chrono::system_clock::time_point now) {
  if (report.result == RequestResult::pending && report.message == runtime::kNotRunMessage)
    return feed.previous;
  pipeline::WorksOutcome outcome;
  outcome.is_promise = report.kind == "Promise";
  outcome.identity = outcome.is_promise ? report.name : report.namespace_ + "/" + report.name;
  if (report.result == RequestResult::failed) outcome.works = pipeline::WorksState::failing;
  if (report.result == RequestResult::pending) outcome.works = pipeline::WorksState::pending;
  outcome.suspended = report.result == RequestResult::suspended;
  for (const PlacementReport& p : report.placements) {
    if (!p.misplaced.empty()) outcome.misplaced.push_back(p.destination);
    outcome.placements.push_back({p.pipeline, p.directory, p.destination, p.path});
  }
  outcome.input_digest = input_digest;
  return pipeline::settled_status(feed.after, feed.previous, outcome, now);
}

}  // namespace ferry::runner
