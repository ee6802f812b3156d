#include "run/recovery.h"

#include <set>
#include <sstream>

#include "run/deletion_guard.h"

namespace ferry::runner {
namespace {

struct Found {
  std::size_t requests = 0;
  std::size_t promises = 0;
};

std::vector<std::string> split_key(const std::string& key) {
  std::vector<std::string> parts;
  std::stringstream stream(key);
  for (std::string part; std::getline(stream, part, '/');) parts.push_back(part);
  return parts;
}

// The kind a Promise's requests have, as far as this run knows it.
std::string request_kind(const Platform& platform, const std::string& promise) {
  const pipeline::Promise* declared = platform.promise(promise);
  return declared && declared->api ? declared->api->kind : "unknown kind";
}

void add_commit_store(ObjectRecord& record, const std::string& store) {
  for (const CommitReport& commit : record.commits)
    if (commit.store == store) return;
  record.commits.push_back({store, "", ""});
}

}  // namespace

Recovery recover_records(const Platform& platform, const RunState& records, const PlacementIndex& index,
                         const std::map<std::string, std::string>& stores) {
  Recovery recovery;
  std::map<std::string, Found> found;
  std::set<std::string> declared_requests;  // "<ns>/<promise>/<name>"
  for (const pipeline::Request& r : platform.requests)
    declared_requests.insert(r.namespace_ + "/" + r.promise + "/" + r.name);
  for (const auto& [key, bundles] : index.requests()) {
    const std::vector<std::string> parts = split_key(key);
    if (parts.size() != 3 || declared_requests.contains(key)) continue;
    ObjectRecord record{request_kind(platform, parts[1]), parts[2], parts[0], parts[1]};
    if (records.contains(record.directory())) continue;
    for (const ExistingBundle& bundle : bundles) {
      if (!stores.contains(bundle.store)) continue;
      record.placements.push_back({bundle.destination, bundle.pipeline, ".",
                                   bundle.destination_dir + (bundle.destination_dir.empty() ? "" : "/") +
                                       "resources/" + key + "/" + bundle.pipeline + "/" + bundle.group_id5});
      add_commit_store(record, bundle.store);
      ++found[bundle.store].requests;
    }
    if (!record.placements.empty()) recovery.records.push_back(std::move(record));
  }
  for (const auto& [promise, entries] : index.promise_dependencies()) {
    ObjectRecord record{"Promise", promise, "", promise};
    if (platform.promise(promise) || records.contains(record.directory())) continue;
    for (const std::string& entry : entries) {
      const std::string store = entry.substr(0, entry.find(' '));
      if (!stores.contains(store)) continue;
      record.placements.push_back({"", "", ".", entry.substr(entry.find(' ') + 1)});
      add_commit_store(record, store);
      ++found[store].promises;
    }
    if (!record.placements.empty()) recovery.records.push_back(std::move(record));
  }
  for (const auto& [store, why] : stores) {
    const Found counts = found[store];
    recovery.notes.push_back("GitStateStore " + store + " read to rebuild lost records (" + why + "): " +
                             (counts.requests + counts.promises == 0
                                  ? std::string("it holds nothing the records and the platform do not know")
                                  : std::to_string(counts.requests) + " request bundle(s) and " +
                                        std::to_string(counts.promises) +
                                        " Promise dependency directory(ies) of objects gone from the "
                                        "platform, deleted in this run"));
  }
  return recovery;
}

Status rebuild_lost_records(const Platform& platform, LazyRunScheduling& context, const DriftCheck& drift,
                            const ReconcileOptions& options, RecordedRun& recorded, RunReport& run) {
  if (drift.unknown_to_records.empty()) return ok();
  auto ready = context.get();  // the placement index: every store's tree, read once
  if (!ready) return ready.error();
  Recovery recovery = recover_records(platform, recorded.records, *ready->index, drift.unknown_to_records);
  run.recovery_notes = std::move(recovery.notes);
  if (recovery.records.empty()) return ok();
  for (ObjectRecord& record : recovery.records)
    recorded.records.emplace(record.directory(), std::move(record));
  RunState known = recorded.records;
  for (const pipeline::Promise& promise : platform.promises) {
    const ObjectRecord record{"Promise", promise.name, "", promise.name};
    known.emplace(record.directory(), record);
  }
  for (const pipeline::Request& request : platform.requests) {
    const ObjectRecord record{request.kind, request.name, request.namespace_, request.promise};
    known.emplace(record.directory(), record);
  }
  return check_deletions(platform, known, options.max_deletions);
}

}  // namespace ferry::runner
