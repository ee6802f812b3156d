// HealthRecords rolled up into requests' status.healthStatus (kratix-newer.md §2, docs/status.md "Health"):
// the records declared in the platform and those committed to each Destination's health folder
// (`<store path>/<destination path>/.ferry-health/`, read from the branch tip), each matched to its
// request by Promise, namespace and name (stricter than Kratix, which compares the name and namespace
// only), the worst state winning. A record naming a request or Promise the platform does not have, and a
// file of a health folder that is not a valid HealthRecord, are warnings, never a failed run. Health is not
// an input of the incremental decision: it changes recorded statuses (and so the status tree), never
// reruns a pipeline.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "pipeline/health_status.h"
#include "platform/platform.h"
#include "run/incremental.h"
#include "run/run_report.h"
#include "writer/state_store.h"

namespace ferry::runner {

// The folder of a Destination's directory an agent commits HealthRecords to.
inline constexpr const char* kHealthFolder = ".ferry-health";

struct RunHealth {
  // By request record directory ("requests/<promise>/<namespace>/<name>"): the roll-up of its records.
  std::map<std::string, pipeline::HealthStatus> by_request;
  std::vector<std::string> warnings;
  // false when some health folder could not be read: statuses then keep the health they had.
  bool complete = true;
};

// Matches `records` to the platform's requests; appends a warning for each record naming a request or
// Promise that is not in the platform.
RunHealth roll_up_health(const Platform& platform, const std::vector<HealthRecord>& records);

// Store name -> the tip this run already read (run/drift_check.h DriftCheck::tips).
using ReadTips = std::map<std::string, std::string>;

// The platform's HealthRecords and those of every Destination's health folder in `stores` (by store name),
// rolled up. A folder is read as of its store's tip in `tips`, so that nothing is fetched again, or from
// the branch (a fetch for a remote store) when `tips` has none for it. A folder that cannot be read is a
// warning and leaves the result incomplete.
RunHealth read_run_health(const Platform& platform, const std::map<std::string, writer::StateStore*>& stores,
                          const ReadTips& tips = {});

// Sets (or removes) healthStatus in the status of every request of `run` that was not deleted, and in its
// record when the run keeps state. Does nothing to the statuses when `health` is incomplete; its warnings
// are added to the run's health_warnings either way.
void apply_run_health(const RunHealth& health, RunReport& run, IncrementalRun& incremental);

}  // namespace ferry::runner
