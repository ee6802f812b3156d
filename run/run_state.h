// What ferry last did for each Promise and request, recorded in Git so the next run does only what
// changed (incremental runs), runs delete workflows for what disappeared, and `ferry status` can answer
// without running anything. One JSON file per object in a state repository (a bare repository, default
// <platform>/.ferry/state.git, branch "state"), written in one commit at the end of a run, with the
// object's status published beside it for readers that do not run ferry (docs/status.md), its only copy
// (run/recorded_statuses.h reads it back):
//   promises/<promise>/record.json
//   requests/<promise>/<namespace>/<name>/record.json
//   status/promises/<promise>.yaml, status/<namespace>/<promise>/<name>.yaml
// The record is written last, after every destination commit: a crash before it makes the next run redo
// (idempotently) what this run did, never skip it.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/labels.h"
#include "run/run_report.h"
#include "writer/state_store.h"

namespace ferry::runner {

// The health digest of a record whose status has a healthStatus that is not known without reading it.
inline constexpr const char* kUnknownHealthDigest = "unknown";
// A Promise version ferry ran (kratix-newer.md §3.1): its `kratix.io/promise-version` label, or
// "sha-<digest>" when unlabelled, and the digest of the Promise text it had, which is kept content-addressed
// in revisions/<promise>/<digest>.yaml: read only when a request pinned to it runs (run/promise_revisions.h).
struct RevisionRecord {
  std::string version;
  std::string digest;
  bool operator==(const RevisionRecord&) const = default;
};

// A request's binding and upgrade state, as Kratix keeps it on the ResourceBinding (§3.2, §3.3).
struct UpgradeRecord {
  std::string binding_version;       // the binding's spec.version when it last ran ("latest", "v2")
  std::string last_applied_version;  // the version its last successful run had
  std::string failed_version;        // the version whose run failed last; "" after a success
  std::string condition;             // UpgradeSucceeded: "True", "False", or "" (none yet: a first deploy)
  std::string message;               // the condition's message
  // The binding's name (the declared one's, else the one Kratix would create) and its labels, which follow
  // the request's (platform/binding_names.h); empty in records written before them.
  std::string binding_name = {};
  Labels labels = {};
  bool operator==(const UpgradeRecord&) const = default;
  bool empty() const { return *this == UpgradeRecord{}; }
};

struct ObjectRecord {
  std::string kind;  // "Promise" or the request's kind
  std::string name;
  std::string namespace_;  // empty for Promises
  std::string promise;
  std::string input_digest;  // input_digest() of the inputs the last workflow run saw
  RequestResult result = RequestResult::succeeded;
  std::string message;
  std::string status_message;
  std::string status_yaml;  // the object's whole status (run/object_status.h), YAML text; "" when none
  // The status is kept beside the record, in its published file (status_path), and was not read with it:
  // status_yaml is "" until run/recorded_statuses.h reads it. Records of earlier versions carry it inline.
  bool status_beside = false;
  // pipeline::health_digest of the healthStatus its status carries (run/health_rollup.h); "" when none;
  // kUnknownHealthDigest for a record of the version that noted only that it had one. Kept in the record so
  // that a run reads a skipped object's status only when its health changed, or is gone.
  std::string health_digest;
  std::string last_run;                 // RFC 3339 UTC: when a workflow last ran for it
  std::optional<std::string> retry_at;  // RFC 3339 UTC: a suspension's next retry
  std::vector<PlacementReport> placements;
  std::vector<CommitReport> commits;  // of the run that last wrote it
  std::string object_yaml;            // the object as last run, for its delete workflow once it is gone
  // A Promise's versions ferry ran, oldest applied first; the last is the latest (most recently applied,
  // as Kratix's latest revision is). Empty for requests and for records written before revisions.
  std::vector<RevisionRecord> revisions = {};
  UpgradeRecord upgrade = {};  // a request's; empty for Promises
  bool operator==(const ObjectRecord&) const = default;

  // "promises/<promise>" or "requests/<promise>/<namespace>/<name>": the record's directory.
  std::string directory() const;
  // "status/promises/<promise>.yaml" or "status/<namespace>/<promise>/<name>.yaml": where the object with
  // its status is published on the state branch (docs/status.md).
  std::string status_path() const;
};

// "revisions/<promise>/<digest>.yaml": where the text of a Promise's revision is kept.
std::string revision_path(const std::string& promise, const std::string& digest);

// Every record, by directory().
using RunState = std::map<std::string, ObjectRecord>;
// What a run changed of the records it read, by directory(): the record it leaves (new, rewritten, or the
// same again), or nullopt for one it forgot. A record of the state not in it is left as it was: a run that
// changes one request of 10,000 keeps one entry, not a copy of every record.
using RunStateDelta = std::map<std::string, std::optional<ObjectRecord>>;

// `before` with `delta` applied: every record a run leaves.
RunState applied(const RunState& before, const RunStateDelta& delta);
// How many records `before` with `delta` applied has, without applying it.
std::size_t applied_size(const RunState& before, const RunStateDelta& delta);

// Reads every record of the store, without the statuses kept beside them (status_beside; the no-op run
// needs none: run/recorded_statuses.h reads them when wanted). A record that does not parse is an error
// naming its path.
Result<RunState> load_run_state(writer::StateStore& store);
// The record.json files among `files` (one folder as StateStore::read_files gives it; other files are
// ignored), parsed, in path order; `store` names the store in errors.
Result<std::vector<ObjectRecord>> parse_records(const std::map<std::string, std::string>& files,
                                                const std::string& store);
// The record folders of the state branch, read by load_run_state, and the name of each record's file.
inline constexpr const char* kRecordFolders[] = {"promises", "requests"};
inline constexpr const char* kRecordFile = "record.json";

// The change that turns `before` into `after`: changed records rewritten, vanished ones removed, and the
// published status file (status_path) of each record whose status or object changed written, of each
// vanished one deleted. A status neither side read (status_beside on both) leaves its file as it is.
// Nothing at all when nothing changed (so no commit). This compares every record of both; a run, which knows
// what it changed, uses run_state_delta_change below.
// `published_of` (optional) reads the published file of a record whose status is beside it (nullopt: none),
// so that a rerun object whose published text came out the same writes no status file.
using PublishedStatusReader = std::function<Result<std::optional<std::string>>(const ObjectRecord&)>;
writer::Change run_state_change(const RunState& before, const RunState& after, const std::string& message,
                                const PublishedStatusReader& published_of = nullptr);
// The same change from what the run changed: only the records of `delta` are looked at, so a run that
// changes one record of 10,000 compares one. Equal to run_state_change(before, applied(before, delta), ...),
// entry for entry and in the same order (tests/run/run_state_delta_test.cpp pins it over random deltas).
writer::Change run_state_delta_change(const RunState& before, const RunStateDelta& delta,
                                      const std::string& message,
                                      const PublishedStatusReader& published_of = nullptr);

// The record's JSON text and back. The texts a pipeline produced (message, status message, a placement's
// misplaced reason) are recorded with the run's secret values masked (core/secret_values.h); names, paths
// and the object are recorded as they are, since later runs find and delete by them. (exposed for tests and
// `ferry status --output json`). The status is stored beside the record, so the record's text carries it
// (as "status", after "statusMessage") only `with_status`, for display.
std::string record_json(const ObjectRecord& record, bool with_status = false);
// The object with its status, as `kubectl get -o yaml` shows it, secret values masked: the published
// status file's text; "" when the record has no status.
std::string published_status(const ObjectRecord& record);
// A record without "status" is status_beside; one with it (written by an earlier version) keeps it inline.
Result<ObjectRecord> parse_record(const std::string& json_text, const std::string& path);

}  // namespace ferry::runner
