#include "writer/request_change.h"

#include <utility>

namespace ferry::writer {
namespace {

std::string request_dir(const std::string& destination_dir, const RequestIdentity& request) {
  return resource_request_dir(destination_dir, request.namespace_, request.promise, request.name);
}

std::string owner_of(const RequestIdentity& request) {
  return request_owner(request.namespace_, request.promise, request.name);
}

// The store's Change, with the run's message and the store's author.
Change& change_of(std::map<std::string, Change>& changes, const RequestWrites& writes,
                  const std::string& store) {
  Change& change = changes[store];
  change.message = writes.message;
  const auto author = writes.authors.find(store);
  if (author != writes.authors.end()) change.author = author->second;
  return change;
}

// Clears the request from each of `declared` (by its layout) and from each held bundle's directory.
std::map<std::string, Change> cleared(const RequestWrites& writes,
                                      const std::vector<StoreDestination>& declared) {
  std::map<std::string, Change> changes;
  const std::string owner = owner_of(writes.request);
  for (const StoreDestination& d : declared) {
    clear_owner(change_of(changes, writes, d.store), d.layout, owner,
                request_dir(destination_dir(d.layout.paths), writes.request));
  }
  for (const HeldBundle& bundle : writes.held) {
    const DestinationLayout nested{"", {}, FilepathMode::nested_by_metadata};
    clear_owner(change_of(changes, writes, bundle.store), nested, owner,
                request_dir(bundle.destination_dir, writes.request));
  }
  return changes;
}

// Adds one group on each of its Destinations; returns the directories the report shows, in order.
std::vector<std::string> add_group(std::map<std::string, Change>& changes, const RequestWrites& writes,
                                   const GroupPlacement& group) {
  const RequestIdentity& request = writes.request;
  const PlacementOwner owner{owner_of(request), request.namespace_,
                             resource_work_name(request.promise, request.name, group.pipeline)};
  std::vector<std::string> directories;
  for (const StoreDestination& d : group.destinations) {
    const std::string nested_dir =
        resource_bundle_dir({"", destination_dir(d.layout.paths), request.namespace_, request.promise,
                             request.name, group.pipeline, group.group_id});
    directories.push_back(add_placement(change_of(changes, writes, d.store), d.layout, owner, group.group_id,
                                        nested_dir, group.files));
  }
  return directories;
}

}  // namespace

RequestChanges request_changes(const RequestWrites& writes) {
  RequestChanges result{cleared(writes, writes.declared), {}};
  for (const GroupPlacement& group : writes.groups)
    result.directories.push_back(add_group(result.by_store, writes, group));
  return result;
}

std::map<std::string, Change> request_removals(const RequestWrites& writes) {
  std::vector<StoreDestination> flat;
  for (const StoreDestination& d : writes.declared) {
    if (d.layout.mode != FilepathMode::nested_by_metadata) flat.push_back(d);
  }
  return cleared(writes, flat);
}

}  // namespace ferry::writer
