// `ferry explain` output: for every group, every Destination with each selector term met or failed, and
// the choice with its reason. Text for people, JSON (format_version 1) for tools.
#pragma once

#include <string>
#include <vector>

#include "run/request_plan.h"

namespace ferry::runner {

// A request of the same run whose placement was decided before the explained one's and counts for its
// workload affinity (placement/same_run_neighbours.h).
struct EarlierDecision {
  std::string request;                    // "<namespace>/<name>"
  std::vector<std::string> destinations;  // none: pending
};

struct Explanation {
  std::string subject;  // "request team-a/cache (redis, Promise redis)" or "Promise redis dependencies"
  std::vector<GroupDecision> groups;
  std::vector<EarlierDecision> decided_before = {};  // in decision order
};

std::string render_explanation_text(const Explanation& explanation);
std::string render_explanation_json(const Explanation& explanation);

// The sentence under each group: where it goes and why.
std::string describe_choice(const GroupDecision& group);

}  // namespace ferry::runner
