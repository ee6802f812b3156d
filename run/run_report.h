// What a run did, as plain values; rendered as text or JSON by report.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ferry::runner {

// suspended: a pipeline's workflow-control.yaml stopped the workflow; what earlier pipelines produced is
// committed, later pipelines wait (reference §2.8).
// skipped: an incremental run found its inputs unchanged since the recorded run (work_selection.h); nothing
// ran, the placements shown are the recorded ones.
// deleted: it disappeared from the platform repository; its delete workflow ran and its bundles were removed.
// drifted: skipped, but files it placed were changed by someone else since (run/drift_check.h); not put back
// without --restore-drift.
// The message of a request that ran and succeeded but whose pipelines wrote no files (result succeeded).
inline constexpr const char* kNoOutputMessage =
    "no output: its pipelines wrote no files, so nothing was placed or committed";

// The message of a Promise some of whose groups no Destination takes yet (RequestPlan::waiting), followed
// by each group and why, "; "-separated. The Promise is available all the same, as in Kratix.
inline constexpr const char* kWaitingForDestination = "waiting for a Destination: ";

// held: its upgrade to the Promise's new version waits (run/upgrades.h): a failed upgrade not tried again
// until the version changes or the binding asks for manual reconciliation, or one beyond --max-upgrades;
// nothing ran, its record and files stay as they are, the message says why.
// paused: its kratix.io/paused label (or its Promise's) is "true": not run, its files and record stay as
// they are, and the run after the label goes runs it again (docs/state.md, "Steering labels").
// The message of an object not run because it is labelled kratix.io/paused: "true" (Kratix's Reconciled
// condition says PausedReconciliation).
inline constexpr const char* kPausedMessage =
    "kratix.io/paused is \"true\": not reconciled until the label goes";

enum class RequestResult {
  succeeded,
  failed,
  pending,
  unchanged,
  suspended,
  skipped,
  deleted,
  drifted,
  paused,
  held  // last: never recorded (records keep the results up to paused)
};

struct PlacementReport {
  std::string destination;
  std::string pipeline;
  std::string directory;      // the group: "." or a top-level output directory
  std::string path;           // repository path of the bundle
  std::string misplaced;      // why the Destination no longer takes the group, when it was kept there anyway
  std::string moved_from;     // the misplaced Destination the group left in this run
  std::string policy = {};    // the PlacementPolicy that placed it, if any
  std::string location = {};  // the KCP Location it is bound in, if the policy selects Locations
  std::string placement_state = {};  // KCP's Bound (only Bound groups are placed), with `location`
  std::string moved_reason = {};     // why it left moved_from, when the scheduler said (an offline one, ...)
  bool operator==(const PlacementReport&) const = default;
};

struct CommitReport {
  std::string store;
  std::string branch;
  std::string sha;
  // Paths the commit put back after someone else changed them (writer::CommitOutcome::drift_restored).
  std::vector<std::string> drift_restored = {};
  bool operator==(const CommitReport&) const = default;
};

struct RequestReport {
  std::string kind;
  std::string name;
  std::string namespace_;
  std::string promise;
  RequestResult result = RequestResult::unchanged;
  std::string message;  // the error for failed, the reason for pending, the pipeline's for suspended
  std::vector<PlacementReport> placements;
  std::vector<CommitReport> commits;
  std::string status_message;  // the object's status.message after its workflow (reference §2.7)
  // The object's whole status as Kratix would set it (YAML text, run/object_status.h); "" when none.
  std::string status_yaml = {};
  std::string retry_at;  // suspended: when a later run resumes it (RFC 3339 UTC)
  // Policy-governed groups: metric failures, KCP placement states and why a Location or Destination
  // changed, external schedulers' choices; each "pipeline P group D: note".
  std::vector<std::string> scheduling_notes = {};
  int pipelines_from_cache = 0;  // pipelines whose outputs came from the pipeline cache (none ran)
  int container_retries = 0;     // containers started again after failing (jobOptions.backoffLimit)
  // Requests each pipeline served a platform API made to it (docs/platform-api.md), by pipeline name.
  std::map<std::string, std::uint64_t> api_requests = {};
  int push_retries = 0;  // writer::CommitOutcome::push_retries summed over the object's stores
  std::vector<std::string> drifted = {};  // drifted: each "<store> <path>" changed by someone else
  // A request's upgrade to a new Promise version (run/upgrades.h): "upgrade from version v1 to v2" when it
  // ran as one, or why the upgrade waits (a failed one held, --max-upgrades); "" otherwise.
  std::string upgrade = {};
};

struct RunReport {
  std::vector<RequestReport> promises;  // kind "Promise": static dependencies and promise.configure output
  std::vector<RequestReport> requests;  // in platform order, then the deleted ones
  std::string state_error;  // the state record could not be written (the next run redoes this one)
  std::vector<std::string> state_warnings = {};   // the state was recorded, but packing it afterwards failed
  std::vector<std::string> metric_failures = {};  // metrics read at the start that have no value this run
  // HealthRecords ignored (naming a request or Promise not in the platform, or not valid in a Destination's
  // health folder) and health folders not read (run/health_rollup.h): never a failed run.
  std::vector<std::string> health_warnings = {};
  // Unfinished transactions of earlier runs: finished, reverted, dropped.
  std::vector<std::string> journal_notes = {};
  // Kratix's canary files (run/canaries.h): the commits that wrote or deleted them, and the stores
  // where that failed (each a rendered, located error; the run's exit code is then 3).
  std::vector<CommitReport> canary_commits = {};
  std::vector<std::string> canary_errors = {};
  // PromiseReleases that did not install and the requests that wait on them (platform/release_loading.h),
  // each a rendered, located error: the rest of the run went on; its exit code is then 3.
  std::vector<std::string> release_errors = {};
  // Stores read to rebuild lost records (run/recovery.h), and what was found.
  std::vector<std::string> recovery_notes = {};
  // Destinations with spec.cleanup: all that left the platform (run/destination_cleanup.h): what was removed,
  // and where that failed (the run's exit code is then 3).
  std::vector<std::string> destination_cleanups = {};
  std::vector<std::string> cleanup_errors = {};
  // --no-network: no container had a network (ReconcileOptions::no_network); the report's options say so.
  bool no_network = false;
};

const char* to_string(RequestResult result);

// 0 when every request succeeded, was unchanged, skipped or deleted; 3 when some failed or are pending, the
// state was not recorded, canary files were not written, or a PromiseRelease did not install; otherwise 4
// when some group was kept on a Destination that no longer takes it (misplaced).
int exit_code_of(const RunReport& report);

// RequestReport::push_retries summed over the run's Promises and requests.
int push_retries_of(const RunReport& report);

}  // namespace ferry::runner
