// Every path ferry writes in a state store is built here (reference §4.2): the nestedByMetadata bundle
// directories, the flat modes' files, records and aggregate files, the Kratix names they are keyed by and
// the owner names flat records carry; Kratix's canary paths; the filepath modes' spellings; adding one
// group's files to a Change and clearing an owner's (writer/request_change.h does both for a whole request).
#pragma once

#include <algorithm>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"
#include "writer/state_store.h"

namespace ferry::writer {

// Joins path segments with '/', dropping empty and "." segments and leading/trailing slashes, so that a
// store or destination path of "", ".", "/" or "a/" behaves as Kratix's.
std::string join_path(std::initializer_list<std::string_view> segments);

struct ResourceBundlePath {
  std::string store_path;        // GitStateStore spec.path
  std::string destination_path;  // Destination spec.path
  std::string namespace_;
  std::string promise;
  std::string request;
  std::string pipeline;
  std::string group_id;  // full md5; the path uses its first 5 characters
};

// <store>/<destination>/resources/<ns>/<promise>/<request>/<pipeline>/<group id 5>
std::string resource_bundle_dir(const ResourceBundlePath& p);

// Everything of one request on one Destination: <destination dir>/resources/<ns>/<promise>/<request>.
// `destination_dir` is join_path({store path, destination path}).
std::string resource_request_dir(const std::string& destination_dir, const std::string& namespace_,
                                 const std::string& promise, const std::string& request);

// Everything of one Promise on one Destination: <destination dir>/dependencies/<promise>.
std::string promise_dependencies_dir(const std::string& destination_dir, const std::string& promise);

// A promise-workflow group: <destination dir>/dependencies/<promise>/<pipeline>/<group id 5>. Static
// dependencies have no pipeline, so theirs is <destination dir>/dependencies/<promise>/5058f.
std::string dependency_bundle_dir(const std::string& destination_dir, const std::string& promise,
                                  const std::string& pipeline, const std::string& group_id);

// The namespace of Promise-level work placements (reference §1.6), used in their record names.
inline constexpr const char* kPromiseNamespace = "kratix-platform-system";

// Kratix's Work identifiers (reference §1.6, buildWorkIdentifier) without the random suffix, which ferry
// does not need: <promise>-<resource>-<pipeline> for a request, <promise>-<pipeline> for a Promise
// workflow, <promise>-static-deps for static dependencies (pipeline ""). Longer than 57 characters: cut to
// 56; then trailing characters other than letters and digits are dropped.
std::string resource_work_name(const std::string& promise, const std::string& resource,
                               const std::string& pipeline);
std::string promise_work_name(const std::string& promise, const std::string& pipeline);

// A WorkPlacement's name (reference §1.7): <work>.<destination>-<group id 5>.
std::string work_placement_name(const std::string& work, const std::string& destination,
                                const std::string& group_id);

// The record of a flat placement (reference §4.4): "<namespace>-<work placement>".
std::string placement_record_name(const std::string& namespace_, const std::string& work_placement);

// Paths of the flat modes; the destination directory is <store path>/<destination path>.
std::string destination_dir(const FlatDestination& d);
std::string records_dir(const FlatDestination& d);                              // <dir>/.kratix
std::string record_path(const FlatDestination& d, const std::string& record);   // <dir>/.kratix/<record>.yaml
std::string flat_file_path(const FlatDestination& d, const std::string& file);  // <dir>/<file>
std::string aggregate_path(const FlatDestination& d);  // <dir>/<aggregate file, "aggregated.yaml" when empty>
// What a record lists for a file: relative to the store path, <destination path>/<file> (as Kratix), and
// back from such an entry to the repository path <store path>/<entry>.
std::string record_entry(const FlatDestination& d, const std::string& file);
std::string record_entry_path(const FlatDestination& d, const std::string& entry);

// How one Destination lays out what is placed on it (its spec.filepath and paths).
struct DestinationLayout {
  std::string name;       // the Destination's name, part of work placement names
  FlatDestination paths;  // paths.mode is meaningful for the flat modes only
  FilepathMode mode = FilepathMode::nested_by_metadata;
};

// Kratix's canary files of a Destination (reference §4.6): its Namespace kratix-worker-system and its
// ConfigMap kratix-info. nestedByMetadata: <store>/<destination>/dependencies/kratix-canary-namespace.yaml
// and <store>/<destination>/resources/kratix-canary-configmap.yaml; the flat modes: both directly in
// <store>/<destination>/.
struct CanaryPaths {
  std::string namespace_file;
  std::string config_map_file;
};
CanaryPaths canary_paths(const DestinationLayout& d);

// Destination spec.filepath.mode's spellings, as Kratix's Destination CRD has them: "nestedByMetadata",
// "none", "aggregatedYAML". The one name->mode table; whoever parses a Destination's spec.filepath looks
// the written mode up here. nullopt when `name` is none of them.
std::optional<FilepathMode> filepath_mode_named(std::string_view name);
// The spellings in table order, for messages: "nestedByMetadata, none, aggregatedYAML".
std::string filepath_mode_names();

// The owner written in flat placement records (writer/flat_record.h): what a later run's FlatRemoval names
// to take back exactly what this request or Promise placed.
std::string request_owner(const std::string& namespace_, const std::string& promise, const std::string& name);
std::string promise_owner(const std::string& promise);

// Who a placement belongs to and what Kratix would call it.
struct PlacementOwner {
  std::string owner;       // e.g. "request <ns>/<promise>/<name>", "promise <name>": what clear_owner matches
  std::string namespace_;  // the work placement's namespace (kPromiseNamespace for Promises)
  std::string work;        // resource_work_name / promise_work_name
};

// Adds one group's files to `change` by the Destination's mode: a Bundle at `nested_dir` for
// nestedByMetadata, else a FlatPlacement named <ns>-<work>.<destination>-<group id 5>. Returns the
// directory the report shows: `nested_dir`, or the Destination's directory for the flat modes.
std::string add_placement(Change& change, const DestinationLayout& d, const PlacementOwner& owner,
                          const std::string& group_id, const std::string& nested_dir,
                          std::map<std::string, std::string> files);

// Clears what `owner` has on the Destination: `nested_dir` for nestedByMetadata (once), its records and
// their files for the flat modes.
void clear_owner(Change& change, const DestinationLayout& d, const std::string& owner,
                 const std::string& nested_dir);

}  // namespace ferry::writer
