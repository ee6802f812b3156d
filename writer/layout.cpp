#include "writer/layout.h"

#include <cctype>
#include <utility>

namespace ferry::writer {

std::string join_path(std::initializer_list<std::string_view> segments) {
  std::string joined;
  for (std::string_view segment : segments) {
    // Each argument may itself contain '/': split it so that "a/", "/" and "./b" normalise too.
    while (!segment.empty()) {
      const auto slash = segment.find('/');
      const std::string_view part = segment.substr(0, slash);
      if (!part.empty() && part != ".") {
        if (!joined.empty()) joined += '/';
        joined += part;
      }
      if (slash == std::string_view::npos) break;
      segment.remove_prefix(slash + 1);
    }
  }
  return joined;
}

std::string resource_bundle_dir(const ResourceBundlePath& p) {
  const std::string_view group = std::string_view(p.group_id).substr(0, 5);
  return join_path(
      {p.store_path, p.destination_path, "resources", p.namespace_, p.promise, p.request, p.pipeline, group});
}

std::string resource_request_dir(const std::string& destination_dir, const std::string& namespace_,
                                 const std::string& promise, const std::string& request) {
  return join_path({destination_dir, "resources", namespace_, promise, request});
}

std::string promise_dependencies_dir(const std::string& destination_dir, const std::string& promise) {
  return join_path({destination_dir, "dependencies", promise});
}

std::string dependency_bundle_dir(const std::string& destination_dir, const std::string& promise,
                                  const std::string& pipeline, const std::string& group_id) {
  return join_path(
      {destination_dir, "dependencies", promise, pipeline, std::string_view(group_id).substr(0, 5)});
}

namespace {

// GenerateObjectName's cut (lib/objectutil/name.go), without the random suffix.
std::string kratix_name(std::string identifier) {
  if (identifier.size() > 57) identifier.resize(56);
  while (!identifier.empty() && !std::isalnum(static_cast<unsigned char>(identifier.back())))
    identifier.pop_back();
  return identifier;
}

}  // namespace

std::string resource_work_name(const std::string& promise, const std::string& resource,
                               const std::string& pipeline) {
  return kratix_name(promise + "-" + resource + "-" + pipeline);
}

std::string promise_work_name(const std::string& promise, const std::string& pipeline) {
  return kratix_name(promise + "-" + (pipeline.empty() ? std::string("static-deps") : pipeline));
}

std::string work_placement_name(const std::string& work, const std::string& destination,
                                const std::string& group_id) {
  return work + "." + destination + "-" + group_id.substr(0, 5);
}

std::string placement_record_name(const std::string& namespace_, const std::string& work_placement) {
  return namespace_ + "-" + work_placement;
}

std::string destination_dir(const FlatDestination& d) {
  return join_path({d.store_path, d.destination_path});
}

std::string records_dir(const FlatDestination& d) {
  return join_path({destination_dir(d), ".kratix"});
}

std::string record_path(const FlatDestination& d, const std::string& record) {
  return join_path({records_dir(d), record + ".yaml"});
}

std::string flat_file_path(const FlatDestination& d, const std::string& file) {
  return join_path({destination_dir(d), file});
}

std::string aggregate_path(const FlatDestination& d) {
  return join_path({destination_dir(d), d.aggregate_file.empty() ? "aggregated.yaml" : d.aggregate_file});
}

std::string record_entry(const FlatDestination& d, const std::string& file) {
  return join_path({d.destination_path, file});
}

std::string record_entry_path(const FlatDestination& d, const std::string& entry) {
  return join_path({d.store_path, entry});
}

CanaryPaths canary_paths(const DestinationLayout& d) {
  const std::string dir = destination_dir(d.paths);
  const bool nested = d.mode == FilepathMode::nested_by_metadata;
  return {join_path({dir, nested ? "dependencies" : "", "kratix-canary-namespace.yaml"}),
          join_path({dir, nested ? "resources" : "", "kratix-canary-configmap.yaml"})};
}

namespace {

const std::pair<std::string_view, FilepathMode> kFilepathModes[] = {
    {"nestedByMetadata", FilepathMode::nested_by_metadata},
    {"none", FilepathMode::none},
    {"aggregatedYAML", FilepathMode::aggregated_yaml},
};

}  // namespace

std::optional<FilepathMode> filepath_mode_named(std::string_view name) {
  for (const auto& [spelling, mode] : kFilepathModes) {
    if (spelling == name) return mode;
  }
  return std::nullopt;
}

std::string filepath_mode_names() {
  std::string names;
  for (const auto& [spelling, mode] : kFilepathModes) {
    if (!names.empty()) names += ", ";
    names += spelling;
  }
  return names;
}

std::string request_owner(const std::string& namespace_, const std::string& promise,
                          const std::string& name) {
  return "request " + namespace_ + "/" + promise + "/" + name;
}

std::string promise_owner(const std::string& promise) {
  return "promise " + promise;
}

std::string add_placement(Change& change, const DestinationLayout& d, const PlacementOwner& owner,
                          const std::string& group_id, const std::string& nested_dir,
                          std::map<std::string, std::string> files) {
  if (d.mode == FilepathMode::nested_by_metadata) {
    change.bundles.push_back({nested_dir, std::move(files)});
    return nested_dir;
  }
  FlatDestination paths = d.paths;
  paths.mode = d.mode;
  const std::string work_placement = work_placement_name(owner.work, d.name, group_id);
  change.flat_placements.push_back({paths, placement_record_name(owner.namespace_, work_placement),
                                    work_placement, owner.owner, std::move(files)});
  return destination_dir(paths);
}

void clear_owner(Change& change, const DestinationLayout& d, const std::string& owner,
                 const std::string& nested_dir) {
  if (d.mode == FilepathMode::nested_by_metadata) {
    auto& removed = change.removed_directories;
    if (std::find(removed.begin(), removed.end(), nested_dir) == removed.end()) removed.push_back(nested_dir);
    return;
  }
  FlatDestination paths = d.paths;
  paths.mode = d.mode;
  change.flat_removals.push_back({paths, owner});
}

}  // namespace ferry::writer
