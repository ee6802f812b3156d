// `ferry explain` output: for every group, every Destination with each selector term met or failed, and
// the choice with its reason. Text for people, JSON (format_version 1) for tools.
#pragma once

#include <string>
#include <vector>

#include "run/request_plan.h"

namespace ferry::runner {

struct Explanation {
  std::string subject;  // "request team-a/cache (redis, Promise redis)" or "Promise redis dependencies"
  std::vector<GroupDecision> groups;
};

std::string render_explanation_text(const Explanation& explanation);
std::string render_explanation_json(const Explanation& explanation);

// The sentence under each group: where it goes and why.
std::string describe_choice(const GroupDecision& group);

}  // namespace ferry::runner
