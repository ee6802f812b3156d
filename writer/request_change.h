// One request's writes as plain values in, its Changes out: the one place that turns a request's placement
// decisions into what each state store commits (request_changes), and its deletion into what each store
// removes (request_removals). Every path, record name and owner comes from writer/layout.h; callers pass
// decisions and layouts, never paths.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "writer/layout.h"
#include "writer/state_store.h"

namespace ferry::writer {

// Who the request is: its bundles live at <destination dir>/resources/<namespace>/<promise>/<name>, its flat
// records are owned by request_owner(namespace, promise, name).
struct RequestIdentity {
  std::string namespace_;
  std::string promise;
  std::string name;
};

// A Destination as one store holds it: the store's name and how the Destination lays out what it receives.
struct StoreDestination {
  std::string store;
  DestinationLayout layout;
};

// A nested bundle of the request that a store already holds, wherever its Destination went: the store and
// <store path>/<destination path> of the bundle (Kratix's nested directories are the only ones read back).
struct HeldBundle {
  std::string store;
  std::string destination_dir;
};

// One output group placed: its files go to each of `destinations`, in order. A Destination that is no
// longer declared but keeps a bundle is a nested layout whose paths.destination_path is the bundle's
// destination directory (store path "").
struct GroupPlacement {
  std::string pipeline;
  std::string group_id;  // the full md5; paths use its first 5 characters
  std::map<std::string, std::string> files;
  std::vector<StoreDestination> destinations;
};

// Everything one request writes in a run.
struct RequestWrites {
  RequestIdentity request;
  std::vector<StoreDestination> declared;  // every declared Destination, in platform order
  std::vector<HeldBundle> held;            // the request's bundles the stores hold now
  std::vector<GroupPlacement> groups;      // the placed groups, in decision order
  std::string message;                     // every store's commit message
  std::map<std::string, Author> authors;   // by store name; a store without one commits with Author{}
};

struct RequestChanges {
  std::map<std::string, Change> by_store;
  // directories[g][d]: where groups[g] landed on its d-th Destination, as the report shows it: the bundle
  // directory on a nested Destination, the Destination's directory on a flat one.
  std::vector<std::vector<std::string>> directories;
};

// One Change per store. Each starts by clearing what the request placed before: its directory on every
// declared nested Destination and on every held bundle's Destination (each once), its records (with their
// files or their part of the aggregate) on every declared flat Destination. Then each group's files: a
// Bundle at <destination dir>/resources/<ns>/<promise>/<name>/<pipeline>/<group id 5> on a nested
// Destination, a FlatPlacement named <ns>-<work>.<destination>-<group id 5> on a flat one (<work> is
// resource_work_name(promise, name, pipeline)). Removals come before placements, so placing again replaces.
RequestChanges request_changes(const RequestWrites& writes);

// A deleted request's removals, one Change per store: the request's directory of every held bundle and its
// records on every declared flat Destination. `writes.groups` is ignored; declared nested Destinations are
// not touched (what the request has there is among the held bundles).
std::map<std::string, Change> request_removals(const RequestWrites& writes);

}  // namespace ferry::writer
