#include "run/health_rollup.h"

#include <algorithm>
#include <set>

#include "platform/health_record_file.h"
#include "writer/layout.h"

namespace ferry::runner {
namespace {

std::string request_directory(const std::string& promise, const std::string& ns, const std::string& name) {
  return "requests/" + promise + "/" + ns + "/" + name;
}

// A report made from its record by IncrementalRun::skip, whose status the run may not have read.
bool kept_from_record(RequestResult result) {
  return result == RequestResult::skipped || result == RequestResult::held ||
         result == RequestResult::drifted || result == RequestResult::suspended;
}

// Sorted by the record's namespace and name, so the status does not depend on where records were found.
bool source_before(const pipeline::HealthEntry& a, const pipeline::HealthEntry& b) {
  return std::tie(a.source_namespace, a.source_name) < std::tie(b.source_namespace, b.source_name);
}

// "HealthRecord ns/name names ...; it is ignored", located at the record.
std::string ignored_record(const HealthRecord& record, const std::string& what) {
  return record.where.render() + ": HealthRecord " + record.namespace_ + "/" + record.name + " names " +
         what + ", which is not in the platform; it is ignored";
}

// The records of one Destination's health folder, or nullopt (with a warning) when it cannot be read.
std::optional<std::vector<HealthRecord>> folder_records(
    const Platform& platform, const scheduler::Destination& destination,
    const std::map<std::string, writer::StateStore*>& stores, const ReadTips& tips,
    std::vector<std::string>& warnings) {
  const GitStateStore* config = platform.store(destination.state_store);
  const auto store = config ? stores.find(config->name) : stores.end();
  if (store == stores.end()) return std::vector<HealthRecord>{};  // validation reported the missing store
  const std::string folder = writer::join_path({config->path, destination.path, kHealthFolder});
  const auto tip = tips.find(config->name);
  auto files = tip == tips.end() ? store->second->read_files(folder)
                                 : store->second->read_files_at(tip->second, folder);
  if (!files) {
    warnings.push_back("the health folder " + folder + " of Destination " + destination.name +
                       " was not read; statuses keep their health: " + files.error().render());
    return std::nullopt;
  }
  std::vector<HealthRecord> records;
  for (const auto& [path, text] : *files) {
    if (!path.ends_with(".yaml") && !path.ends_with(".yml")) continue;
    HealthRecordFile read = read_health_record_file(text, config->name + ":" + path);
    for (const Error& error : read.errors) warnings.push_back(error.render() + "; it is ignored");
    for (HealthRecord& record : read.records) records.push_back(std::move(record));
  }
  return records;
}

}  // namespace

RunHealth roll_up_health(const Platform& platform, const std::vector<HealthRecord>& records) {
  std::set<std::string> requests;
  for (const pipeline::Request& request : platform.requests)
    requests.insert(request_directory(request.promise, request.namespace_, request.name));
  RunHealth health;
  std::map<std::string, std::vector<pipeline::HealthEntry>> entries;
  for (const HealthRecord& record : records) {
    const std::string request =
        "request " + record.request_namespace + "/" + record.request_name + " of Promise " + record.promise;
    const std::string directory =
        request_directory(record.promise, record.request_namespace, record.request_name);
    if (platform.promise(record.promise) == nullptr) {
      health.warnings.push_back(ignored_record(record, "Promise " + record.promise));
    } else if (!requests.contains(directory)) {
      health.warnings.push_back(ignored_record(record, request));
    } else {
      entries[directory].push_back(record.entry);
    }
  }
  for (auto& [directory, list] : entries) {
    std::stable_sort(list.begin(), list.end(), source_before);
    health.by_request.emplace(directory, pipeline::rolled_up_health(std::move(list)));
  }
  return health;
}

RunHealth read_run_health(const Platform& platform, const std::map<std::string, writer::StateStore*>& stores,
                          const ReadTips& tips) {
  std::vector<HealthRecord> records = platform.health_records;
  std::vector<std::string> warnings;
  bool complete = true;
  for (const scheduler::Destination& destination : platform.destinations) {
    auto found = folder_records(platform, destination, stores, tips, warnings);
    if (!found) {
      complete = false;
      continue;
    }
    for (HealthRecord& record : *found) records.push_back(std::move(record));
  }
  RunHealth health = roll_up_health(platform, records);
  warnings.insert(warnings.end(), health.warnings.begin(), health.warnings.end());
  health.warnings = std::move(warnings);
  health.complete = complete;
  return health;
}

void apply_run_health(const RunHealth& health, RunReport& run, IncrementalRun& incremental) {
  run.health_warnings.insert(run.health_warnings.end(), health.warnings.begin(), health.warnings.end());
  if (!health.complete) return;
  for (RequestReport& report : run.requests) {
    if (report.result == RequestResult::deleted) continue;
    const std::string directory = request_directory(report.promise, report.namespace_, report.name);
    const auto found = health.by_request.find(directory);
    const std::optional<pipeline::HealthStatus> rolled =
        found == health.by_request.end() ? std::nullopt : std::optional(found->second);
    const auto with_health = [&rolled](const std::string& status) {
      if (!rolled && status.find("healthStatus") == std::string::npos) return status;
      return pipeline::status_with_health(status, rolled);
    };
    // A skipped object's status is read only when its health changed (the no-op run reads none).
    auto updated = incremental.update_health(directory, pipeline::health_digest(rolled), with_health);
    // A paused request's report carries no status; its record keeps one. A skipped object's report has
    // its status only if the run read it (skipped_statuses): never just a healthStatus of its own.
    if (report.result == RequestResult::paused) continue;
    if (updated) {
      report.status_yaml = std::move(*updated);
    } else if (!incremental.keeps_state() || !kept_from_record(report.result)) {
      report.status_yaml = with_health(report.status_yaml);
    }
  }
}

}  // namespace ferry::runner
