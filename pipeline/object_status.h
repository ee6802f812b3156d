// The status a run leaves on a Promise or request once its workflow is over, as Kratix's controllers would
// set it (kratix-newer.md §1.2, §1.3), on YAML texts so that callers need no YAML library: the workflow's
// own status (workflow_status.h: merged status.yaml fields, counters, phases, ConfigureWorkflowCompleted)
// completed by what happened to its output, and ferry's own fields under `ferry`:
//   WorksSucceeded   True / WorksSucceeded, Unknown / WorksPending (no Destination took a group),
//                    False / WorksMisplaced (a group kept on a Destination that no longer takes it),
//                    False / WorksFailing (its commit failed)
//   Reconciled       True / Reconciled when the works are ready; False / WorksFailing; Unknown / WorksPending
//   PromiseAvailable (requests) True / PromiseAvailable; Available and status (Promises)
//   ferry.observedInputDigest  ferry's observedGeneration: the input digest of the inputs the last
//                    successful workflow saw; only a success moves it, as in Kratix
//   ferry.placements where each group was placed: [{pipeline, group, destination, path}]
// A failed or suspended workflow keeps what the workflow set (ConfigureWorkflowCompleted False and
// Reconciled False, or Reconciled Unknown / WorkflowSuspended); everything else keeps its value.
#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace ferry::pipeline {

struct StatusPlacement {
  std::string pipeline;
  std::string group;  // "." or a top-level output directory
  std::string destination;
  std::string path;
};

enum class WorksState { ready, pending, failing };

// What happened to the object's output, as the reconciler saw it.
struct WorksOutcome {
  bool is_promise = false;
  std::string identity;  // "namespace/name", or the Promise's name: named in the works messages
  WorksState works = WorksState::ready;
  bool suspended = false;
  std::vector<std::string> misplaced;  // Destinations keeping a group that they no longer take
  std::vector<StatusPlacement> placements;
  std::string input_digest;
};

// The status to record (YAML text): `workflow_status` (what the workflow left; "" when no pipeline ran,
// then `previous` with zero counters and the completed message) settled by `outcome` at `now`.
std::string settled_status(const std::string& workflow_status, const std::string& previous,
                           const WorksOutcome& outcome, std::chrono::system_clock::time_point now);

// A request whose Promise is not available (RU MarkPromiseConditionAsNotAvailable): `previous` with
// message Pending and PromiseAvailable False / PromiseRequirementsNotInstalled.
std::string status_while_promise_unavailable(const std::string& previous,
                                             std::chrono::system_clock::time_point now);

// `object_yaml` with its status replaced by `status_yaml` (status_merge.h object_with_status); "" when the
// status is empty or not one YAML map.
std::string object_with_status_text(const std::string& object_yaml, const std::string& status_yaml);

// The inverse: the `status` of an object's text (as object_with_status_text wrote it) as YAML text; "" when
// it has none or is not one YAML map. The status read back is the same map, not necessarily the same text.
std::string status_of_object_text(const std::string& object_with_status_yaml);

}  // namespace ferry::pipeline
