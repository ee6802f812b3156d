#include "run/deletion.h"

#include <algorithm>
#include <functional>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_set>

#include "platform/destination_layout.h"
#include "platform/recorded_objects.h"
#include "run/workflow_runs.h"
#include "writer/layout.h"
#include "writer/request_change.h"

namespace ferry::runner {

namespace {

// A request's identity as a record stores it: (promise, namespace, name), as views of the strings of the
// platform's requests and of the records, which outlive the set of them.
using RequestKey = std::tuple<std::string_view, std::string_view, std::string_view>;

struct RequestKeyHash {
  std::size_t operator()(const RequestKey& key) const {
    const std::hash<std::string_view> hash;
    std::size_t seed = hash(std::get<0>(key));
    seed = seed * 31 + hash(std::get<1>(key));
    return seed * 31 + hash(std::get<2>(key));
  }
};

using RequestKeys = std::unordered_set<RequestKey, RequestKeyHash>;

// Every declared request's identity, so that finding vanished records is linear, not O(n^2): hashed views,
// since a no-op run at R = 10,000 asks this twice (the deletion guard, then the deletions) and copying
// 30,000 strings into a tree was a tenth of its time (docs/load-cache.md).
RequestKeys declared_requests(const Platform& platform) {
  RequestKeys keys;
  keys.reserve(platform.requests.size());
  for (const pipeline::Request& r : platform.requests) keys.emplace(r.promise, r.namespace_, r.name);
  return keys;
}

bool still_declared(const Platform& platform, const RequestKeys& requests, const ObjectRecord& record) {
  if (record.kind == "Promise") return platform.promise(record.name) != nullptr;
  return requests.contains({record.promise, record.namespace_, record.name});
}

// The Promise as declared now, else as recorded when it last ran.
Result<pipeline::Promise> promise_named(const std::string& name, const Platform& platform,
                                        const RunState& state) {
  if (const pipeline::Promise* declared = platform.promise(name)) return *declared;
  const auto record = state.find("promises/" + name);
  if (record == state.end()) return make_error("Promise " + name + " is neither declared nor recorded");
  return parse_recorded_promise(record->second.object_yaml, "state:promises/" + name, "Promise " + name);
}

// The request as recorded: what its delete workflow sees in /kratix/input/object.yaml.
Result<pipeline::Request> recorded_request(const ObjectRecord& record) {
  auto api_version =
      recorded_api_version(record.object_yaml, "state:" + record.directory(), "object " + record.directory());
  if (!api_version) return api_version.error();
  pipeline::Request request;
  request.kind = record.kind;
  request.name = record.name;
  request.namespace_ = record.namespace_;
  request.promise = record.promise;
  request.api_version = std::move(*api_version);
  request.object_yaml = record.object_yaml;
  return request;
}

std::string delete_message(const ObjectRecord& record) {
  if (record.kind == "Promise")
    return "Delete from: promise " + record.name + "\n\nFerry-Promise: " + record.name + "\n";
  return "Delete from: " + record.kind + " " + record.namespace_ + "/" + record.name +
         "\n\nFerry-Request: " + record.kind + " " + record.namespace_ + "/" + record.name +
         "\nFerry-Promise: " + record.promise + "\n";
}

writer::Change& change_of(std::map<std::string, writer::Change>& changes, const Platform& platform,
                          const std::string& store, const std::string& message) {
  writer::Change& change = changes[store];
  change.message = message;
  if (const GitStateStore* config = platform.store(store)) change.author = config->author;
  return change;
}

// On every declared Destination: `nested_dir(destination dir)` of a nested one, the owner's records of a flat
// one (with the files they list or their part of the aggregate).
void clear_everywhere(std::map<std::string, writer::Change>& changes, const Platform& platform,
                      const std::string& owner, const std::string& message,
                      const std::function<std::string(const std::string&)>& nested_dir) {
  for (const writer::StoreDestination& d : store_destinations(platform)) {
    writer::clear_owner(change_of(changes, platform, d.store, message), d.layout, owner,
                        nested_dir(writer::destination_dir(d.layout.paths)));
  }
}

// The request's bundles wherever the stores hold them, and its flat placements on every flat Destination.
std::map<std::string, writer::Change> request_removals(const ObjectRecord& record, const Platform& platform,
                                                       const PlacementIndex& index) {
  writer::RequestWrites removed{{record.namespace_, record.promise, record.name},
                                store_destinations(platform),
                                {},
                                {},
                                delete_message(record),
                                store_authors(platform)};
  for (const ExistingBundle& bundle : index.bundles_of(record.namespace_, record.promise, record.name))
    removed.held.push_back({bundle.store, bundle.destination_dir});
  return writer::request_removals(removed);
}

// The Promise's dependency directories its record names (placements' paths,
// <dir>/dependencies/<promise>/...): found from the record, so they are removed from a store whose
// Destinations are no longer declared too.
std::set<std::string> recorded_dependency_dirs(const ObjectRecord& record) {
  std::set<std::string> dirs;
  const std::string marker = "dependencies/" + record.name + "/";
  for (const PlacementReport& placement : record.placements) {
    const std::string path = placement.path + "/";
    const auto at = path.find(marker);
    if (at != std::string::npos && (at == 0 || path[at - 1] == '/'))
      dirs.insert(path.substr(0, at + marker.size() - 1));
  }
  return dirs;
}

std::map<std::string, writer::Change> promise_removals(const ObjectRecord& record, const Platform& platform) {
  std::map<std::string, writer::Change> changes;
  const std::string message = delete_message(record);
  clear_everywhere(changes, platform, writer::promise_owner(record.name), message,
                   [&](const std::string& destination_dir) {
                     return writer::promise_dependencies_dir(destination_dir, record.name);
                   });
  const std::set<std::string> recorded = recorded_dependency_dirs(record);
  for (const GitStateStore& store : platform.stores) {
    for (const std::string& dir : recorded) {
      const writer::DestinationLayout nested{"", {}, writer::FilepathMode::nested_by_metadata};
      writer::clear_owner(change_of(changes, platform, store.name, message), nested, "", dir);
    }
  }
  return changes;
}

}  // namespace

std::vector<const ObjectRecord*> vanished_objects(const Platform& platform, const RunState& state) {
  std::vector<const ObjectRecord*> requests, promises;
  const RequestKeys declared = declared_requests(platform);
  for (const auto& [directory, record] : state) {
    if (still_declared(platform, declared, record)) continue;
    (record.kind == "Promise" ? promises : requests).push_back(&record);
  }
  requests.insert(requests.end(), promises.begin(), promises.end());
  return requests;
}

Result<std::map<std::string, writer::Change>> run_and_plan_deletion(
    const ObjectRecord& record, const Platform& platform, const RunState& state, const PlacementIndex& index,
    runtime::ContainerRuntime& runtime, const ReconcileOptions& options) {
  // Removing nothing from a store this run cannot reach and forgetting the record would leave the object's
  // files there for good: the deletion fails instead, and the record stays for a later run.
  for (const CommitReport& commit : record.commits) {
    if (!platform.store(commit.store))
      return make_error(
          "its files are in GitStateStore " + commit.store +
          ", which the platform no longer declares and this run could not open (see the warnings, "
          "or declare the store again)");
  }
  // A record rebuilt from the Destinations (recovery.h) has no object to run a delete workflow on.
  if (record.object_yaml.empty())
    return record.kind == "Promise" ? promise_removals(record, platform)
                                    : request_removals(record, platform, index);
  auto promise = promise_named(record.promise, platform, state);
  if (!promise) return promise.error();
  if (record.kind == "Promise") {
    pipeline::Promise recorded = *promise;
    recorded.object_yaml = record.object_yaml;
    if (!options.dry_run) {
      auto ran = run_workflow_if_any(recorded, "promise.delete", promise_workflow_object(recorded, "delete"),
                                     runtime, options);
      if (!ran) return ran.error();
    }
    return promise_removals(record, platform);
  }
  auto request = recorded_request(record);
  if (!request) return request.error();
  if (!options.dry_run) {
    auto ran = run_workflow_if_any(*promise, "resource.delete",
                                   request_workflow_object(*request, *promise, "delete"), runtime, options);
    if (!ran) return ran.error();
  }
  return request_removals(record, platform, index);
}

}  // namespace ferry::runner
