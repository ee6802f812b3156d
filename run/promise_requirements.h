// spec.requiredPromises (reference §5.3, step 1): a Promise is available when its own workflow and
// dependencies are in place and every Promise it requires exists in the platform, at the requested version
// when one is given (label kratix.io/promise-version), and is available itself. As in Kratix, unmet
// requirements do not stop the Promise's own workflow; its requests wait (pending) until a later run finds
// them met (Kratix's PromiseRequirementsNotInstalled).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "platform/platform.h"
#include "run/run_report.h"

namespace ferry::runner {

// How a Promise with unmet requirements is reported pending: this, then unmet_requirements' reason.
inline constexpr const char* kRequirementsNotInstalled = "requirements not installed: ";

// For every Promise of the platform whose requirements are not met, why, e.g.
//   required Promise "database" is not in the platform
//   required Promise "database" is at version v1, not v2
//   required Promise "database" is not available (failed)
//   required Promises form a cycle: a -> b -> a
// `reports` holds this run's report of each Promise (failed and pending ones are not available).
std::map<std::string, std::string> unmet_requirements(
    const Platform& platform, const std::map<std::string, const RequestReport*>& reports);

// What unmet_requirements says whatever this run does, when every Promise's own workflow succeeds: a
// required Promise not in the platform, at another version, or a cycle, in the same words. `ferry validate`
// and reconcile warn with it before any container starts (run/preflight.h).
std::map<std::string, std::string> declared_unmet_requirements(const Platform& platform);

// Reports every Promise of `promises` whose requirements are not met pending (its own workflow ran and is
// recorded as it went), with kRequirementsNotInstalled and the reason, so its requests wait.
void mark_unmet_requirements(const Platform& platform,
                             const std::map<std::string, const RequestReport*>& reports,
                             std::vector<RequestReport>& promises);

}  // namespace ferry::runner
