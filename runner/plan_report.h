// `ferry plan`'s outcome: what each Promise and request would do, and the file diff each Destination would
// get, rendered as text or JSON; and the plan's exit code.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "platform/platform.h"
#include "run/run_report.h"
#include "writer/file_diff.h"
#include "writer/planning_store.h"

namespace ferry::runner {

struct DestinationPlan {
  std::string destination;  // "" for files outside every Destination's directory of the store
  std::vector<writer::FileChange> changes;
};

struct StorePlan {
  std::string store;
  std::string branch;
  std::vector<DestinationPlan> destinations;  // by Destination name; only those with changes
};

struct PlanReport {
  RunReport run;  // from reconcile() on PlanningStores: a "succeeded" object is one that would commit
  std::vector<StorePlan> stores;  // only stores with changes
  // Where the plan kept what its pipelines produced, for the plans that follow (its containers ran with
  // KRATIX_DRY_RUN=true, so a reconcile's keys differ: docs/pipeline-cache.md);
  // empty with --no-pipeline-cache. The plan's last line names it: the plan writes nothing else.
  std::string pipeline_cache;
  bool has_changes() const { return !stores.empty(); }
};

// The changes of every store that was read, split by the Destination whose directory holds each file.
std::vector<StorePlan> plan_stores(
    const Platform& platform, const std::map<std::string, std::shared_ptr<writer::PlannedContent>>& planned);

std::string render_plan_text(const PlanReport& plan);
std::string render_plan_json(
    const PlanReport& plan);  // {"format_version":1,"changes":...,"objects":[...],...}

// The job summary of a plan under GitHub Actions (markdown): the counts, each object that would change or
// failed, and every Destination's diff in a ```diff block; cut below `limit` bytes (GitHub refuses a summary
// over 1 MiB) with a closing line saying so.
std::string render_github_plan_summary(const PlanReport& plan, std::size_t limit);

// 1 when some object failed or the plan could not read a store; with `detailed` (--detailed-exitcode)
// 2 when some file would change, else 0; without it 0.
int plan_exit_code(const PlanReport& plan, bool detailed);

}  // namespace ferry::runner
