#include "run/upgrades.h"

namespace ferry::runner {

bool is_upgrade(const ObjectRecord* record, const std::string& version) {
  return record && !record->upgrade.last_applied_version.empty() &&
         record->upgrade.last_applied_version != version;
}

void record_upgrade(const ObjectRecord* before, ObjectRecord& now, const std::string& version,
                    const std::string& binding_version) {
  UpgradeRecord upgrade = before ? before->upgrade : UpgradeRecord{};
  upgrade.binding_version = binding_version;
  const bool succeeded = now.result == RequestResult::succeeded || now.result == RequestResult::unchanged;
  if (succeeded) {
    const bool changed = is_upgrade(before, version) || !upgrade.failed_version.empty();
    upgrade.last_applied_version = version;
    upgrade.failed_version.clear();
    if (changed || !upgrade.condition.empty()) {
      upgrade.condition = "True";
      upgrade.message = "Resource is at version " + version;
    }
  } else if (now.result == RequestResult::failed) {
    upgrade.failed_version = version;
    upgrade.condition = "False";
    upgrade.message = "upgrade to version " + version + " failed: " + now.message;
  }
  now.upgrade = std::move(upgrade);
}

std::optional<std::string> failed_upgrade_hold(const ObjectRecord* record, const pipeline::Request& request,
                                               const std::string& version) {
  if (!record || request.binding.manual_reconciliation) return std::nullopt;
  const UpgradeRecord& upgrade = record->upgrade;
  if (upgrade.condition != "False" || upgrade.failed_version != version) return std::nullopt;
  // Never deployed, or failed at the version it has: no upgrade failed, so it is retried as any failure.
  if (upgrade.last_applied_version.empty() || upgrade.last_applied_version == version) return std::nullopt;
  return "its upgrade to version " + version + " failed and is not tried again until the Promise's version " +
         "changes or its ResourceBinding is labelled kratix.io/manual-reconciliation=true; it stays at "
         "version " +
         upgrade.last_applied_version;
}

std::set<std::string> deferred_upgrades(const std::set<std::string>& upgrades, std::size_t limit) {
  std::set<std::string> deferred;
  std::size_t taken = 0;
  for (const std::string& directory : upgrades) {
    if (taken++ >= limit) deferred.insert(directory);
  }
  return deferred;
}

std::string deferred_upgrade_message(const std::string& from, const std::string& to, std::size_t limit) {
  return "its upgrade from version " + from + " to " + to + " waits for a later run: --max-upgrades " +
         std::to_string(limit) + " upgrades that many requests a run";
}

UpgradePlan plan_upgrades(const Platform& platform, const std::vector<const pipeline::Request*>& requests,
                          const RunState& records, std::optional<std::size_t> max_upgrades) {
  UpgradePlan plan{RunVersions(platform), {}, max_upgrades};
  if (!max_upgrades) return plan;
  std::set<std::string> upgrades;
  for (const pipeline::Request* request : requests) {
    const std::string directory =
        ObjectRecord{request->kind, request->name, request->namespace_, request->promise}.directory();
    const auto found = records.find(directory);
    const ObjectRecord* record = found == records.end() ? nullptr : &found->second;
    const std::string version = plan.versions.of(*request);
    if (is_upgrade(record, version) && !failed_upgrade_hold(record, *request, version))
      upgrades.insert(directory);
  }
  plan.deferred = deferred_upgrades(upgrades, *max_upgrades);
  return plan;
}

}  // namespace ferry::runner
