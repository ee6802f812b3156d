// The checks of a run that need nothing but the platform, made once before any container starts: by
// `ferry reconcile` and `ferry plan` after loading, and by `ferry validate` (one function, so validate says
// what a run would, in the same words). Loading (platform/loader.h) has already checked each document and
// the references between them, and the store and Destination paths and branches (writer/path_rules.h).
#pragma once

#include <vector>

#include "core/error.h"
#include "platform/platform.h"

namespace ferry::runner {

// Appends, each located at the object it names:
// errors (the run stops before any container, as for a load error)
//   PlacementPolicy <name>: schedulerName "<s>": <why it cannot run> (placement/external_scheduler.h; what
//     every request the policy governs would otherwise be left pending with)
// warnings (the run goes on and leaves the objects pending with the same reason)
//   Promise "<name>": requirements not installed: <reason> (run/promise_requirements.h: a required Promise
//     not in the platform, at another version, or a cycle)
//   PlacementPolicy <name>: its requests stay Pending: no Location matches the locationSelectors
//   Promise "<name>": Pipeline fields nodeSelector, ... do not apply outside Kubernetes (one per Promise,
//     pipeline/job_fields_parser.h; not rbac, which run/platform_api_check.h checks per runtime)
void check_before_run(const Platform& platform, std::vector<Error>& errors, std::vector<Error>& warnings);

}  // namespace ferry::runner
