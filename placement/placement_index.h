// Where every request's groups are placed now, read from the state stores themselves: the Git tree is the
// record of placements, so stickiness survives any loss of local state and agrees with what Destinations
// actually receive. A bundle path is <store.path>/<destination.path>/resources/<ns>/<promise>/<request>/
// <pipeline>/<group id 5>/...; the first "resources" segment below the store path splits it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "platform/platform.h"
#include "writer/state_store.h"

namespace ferry::runner {

struct ExistingBundle {
  std::string store;
  std::string destination;      // the Destination's name, or its directory when no longer declared
  std::string destination_dir;  // <store.path>/<destination.path>
  std::string pipeline;
  std::string group_id5;
  bool operator==(const ExistingBundle&) const = default;
};

class PlacementIndex {
 public:
  // Records one file path of `store`. Paths of one Destination's directory in a row (a store's paths in
  // order) share one look-up of its Destination.
  void add_path(const Platform& platform, const GitStateStore& store, const std::string& path);
  // The bundles of one request, in store and path order.
  const std::vector<ExistingBundle>& bundles_of(const std::string& ns, const std::string& promise,
                                                const std::string& request) const;
  // Every request with a bundle, by "<ns>/<promise>/<request>" (for recovery, run/recovery.h).
  const std::map<std::string, std::vector<ExistingBundle>>& requests() const { return by_request_; }
  // Every Promise with dependencies on a Destination: its name -> each "<store> <dir>/dependencies/<name>".
  // A path with no request bundle in it counts when it has a "dependencies" segment followed by at least
  // the Promise's name and one more.
  const std::map<std::string, std::set<std::string>>& promise_dependencies() const { return by_promise_; }

 private:
  // The Destination directory (<store.path>/<the path before "resources">) of the last path added.
  struct Folder {
    const Platform* platform = nullptr;
    std::string store, store_path, raw;  // what it was made of
    std::string dir, name;               // destination_dir, destination
  };
  const Folder& folder_of(const Platform& platform, const GitStateStore& store, std::string_view raw);

  std::map<std::string, std::vector<ExistingBundle>> by_request_;  // "<ns>/<promise>/<request>"
  std::map<std::string, std::set<std::string>> by_promise_;
  std::string last_prefix_for_, last_prefix_;  // a store's path and its folder (writer::join_path)
  Folder last_folder_;
};

// Reads every store's tree once.
Result<PlacementIndex> read_placement_index(const Platform& platform,
                                            const std::map<std::string, writer::StateStore*>& stores);

// The index as read_placement_index gives it for `requests` (and the Promises' dependencies), without
// walking the other requests' directories (StateStore::list_paths_within): bundles_of of each of them and
// promise_dependencies() are the whole index's; requests() holds those requests alone. For a narrow run
// (run/narrow_run.h), which places only the requests it loaded and recovers no record.
Result<PlacementIndex> read_placement_index_of(const Platform& platform,
                                               const std::map<std::string, writer::StateStore*>& stores,
                                               const std::vector<pipeline::Request>& requests);

}  // namespace ferry::runner
