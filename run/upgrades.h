// Upgrades of requests to a new Promise version (kratix-newer.md §3.3; docs/lifecycle.md): what a request's
// run records of its binding (UpgradeSucceeded, lastAppliedVersion, failedVersion, as Kratix keeps them on
// the ResourceBinding), the oscillation guard (a failed upgrade is not tried again until the version changes
// or the binding is labelled kratix.io/manual-reconciliation=true), and --max-upgrades, a rollout in
// batches across runs. Pure: the records in, the decisions out.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "pipeline/model.h"
#include "platform/platform.h"
#include "run/promise_revisions.h"
#include "run/run_report.h"
#include "run/run_state.h"

namespace ferry::runner {

// The record `now` of a request that ran at `version`, bound to `binding_version`, with the upgrade state
// of `before` (null: its first run) carried on: a success sets lastAppliedVersion (and, when it changed the
// version or ended a failure, UpgradeSucceeded True), a failure sets failedVersion and UpgradeSucceeded
// False with the run's message; any other result (pending, suspended) keeps the state as it was.
void record_upgrade(const ObjectRecord* before, ObjectRecord& now, const std::string& version,
                    const std::string& binding_version);

// Whether running the request of record `record` at `version` is an upgrade: it applied another version
// before.
bool is_upgrade(const ObjectRecord* record, const std::string& version);

// Why the request of record `record`, which would run at `version`, is held at its recorded state: its
// upgrade to that version from another one failed and nothing asks for a retry. nullopt when it may run
// (a first deploy or a rerun at its own version that failed is retried as any failed object).
std::optional<std::string> failed_upgrade_hold(const ObjectRecord* record, const pipeline::Request& request,
                                               const std::string& version);

// Which upgrades wait for a later run under --max-upgrades `limit`: of the requests `upgrades` (their record
// directories, each an upgrade this run would make), all but the first `limit` in directory order.
std::set<std::string> deferred_upgrades(const std::set<std::string>& upgrades, std::size_t limit);

// The message of an upgrade that waits.
std::string deferred_upgrade_message(const std::string& from, const std::string& to, std::size_t limit);

// What one run knows of versions and upgrades before anything runs.
struct UpgradePlan {
  RunVersions versions;
  std::set<std::string> deferred = {};  // record directories of the upgrades --max-upgrades leaves for later
  std::optional<std::size_t> max_upgrades = std::nullopt;
};

// The plan of a run over `requests` (this shard's) with the previous run's `records`: with `max_upgrades`,
// the upgrades beyond it (not counting failed ones held) are deferred.
UpgradePlan plan_upgrades(const Platform& platform, const std::vector<const pipeline::Request*>& requests,
                          const RunState& records, std::optional<std::size_t> max_upgrades);

}  // namespace ferry::runner
